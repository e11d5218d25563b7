<?xml version='1.0' encoding='utf-8'?>
<TS version="2.1" language="en" sourcelanguage="en">
<context>
    <name>BatchConfirmDialog</name>
    <message numerus="yes">
        <source>Apply %1 to %n project(s)?</source>
        <translation type="unfinished">
            <numerusform />
            <numerusform />
        </translation>
    </message>
    <message numerus="yes">
        <source>%n project(s) will not be written (see Note).</source>
        <translation type="unfinished">
            <numerusform />
            <numerusform />
        </translation>
    </message>
    <message numerus="yes">
        <source>Apply to %n project(s)</source>
        <translation type="unfinished">
            <numerusform />
            <numerusform />
        </translation>
    </message>
</context>
<context>
    <name>ConfigMatrixView</name>
    <message numerus="yes">
        <source>Reading %n project(s)…</source>
        <translation type="unfinished">
            <numerusform />
            <numerusform />
        </translation>
    </message>
    <message numerus="yes">
        <source>Writing %n project(s)…</source>
        <translation type="unfinished">
            <numerusform />
            <numerusform />
        </translation>
    </message>
    <message numerus="yes">
        <source>Put %1 back in the %n project(s) this batch wrote (a file changed since is left alone)</source>
        <translation type="unfinished">
            <numerusform />
            <numerusform />
        </translation>
    </message>
</context>
<context>
    <name>ConflictView</name>
    <message numerus="yes">
        <source>Keep mine writes the file as it is on disk now with %n of your change(s) on top.</source>
        <translation type="unfinished">
            <numerusform />
            <numerusform />
        </translation>
    </message>
    <message numerus="yes">
        <source>%n change(s) made on disk are kept.</source>
        <translation type="unfinished">
            <numerusform />
            <numerusform />
        </translation>
    </message>
    <message numerus="yes">
        <source>%n setting(s) were changed on both sides: tick or untick "Keep my value".</source>
        <translation type="unfinished">
            <numerusform />
            <numerusform />
        </translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message numerus="yes">
        <source>watching %n project(s)</source>
        <translation><numerusform>watching %n project</numerusform><numerusform>watching %n projects</numerusform></translation>
    </message>
</context>
<context>
    <name>ModelsPanel</name>
    <message numerus="yes">
        <source>%n agent(s) change</source>
        <translation><numerusform>%n agent changes</numerusform><numerusform>%n agents change</numerusform></translation>
    </message>
</context>
<context>
    <name>ProjectTray</name>
    <message numerus="yes">
        <source>MSD Desktop — %n project(s), %1 in progress</source>
        <translation><numerusform>MSD Desktop — %n project, %1 in progress</numerusform><numerusform>MSD Desktop — %n projects, %1 in progress</numerusform></translation>
    </message>
</context>
<context>
    <name>widget</name>
    <message numerus="yes">
        <source>%n written</source>
        <translation type="unfinished">
            <numerusform />
            <numerusform />
        </translation>
    </message>
    <message numerus="yes">
        <source>%n restored</source>
        <translation type="unfinished">
            <numerusform />
            <numerusform />
        </translation>
    </message>
    <message numerus="yes">
        <source>%n already set</source>
        <translation type="unfinished">
            <numerusform />
            <numerusform />
        </translation>
    </message>
    <message numerus="yes">
        <source>%n refused: changed on disk</source>
        <translation type="unfinished">
            <numerusform />
            <numerusform />
        </translation>
    </message>
    <message numerus="yes">
        <source>%n failed</source>
        <translation type="unfinished">
            <numerusform />
            <numerusform />
        </translation>
    </message>
</context>
</TS>
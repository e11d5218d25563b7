<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en" sourcelanguage="en">
<context>
    <name>ApiKeysPanel</name>
    <message numerus="yes">
        <source>Show the key for %n second(s)</source>
        <translation>
            <numerusform>Show the key for %n second</numerusform>
            <numerusform>Show the key for %n seconds</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;%n plaintext API key(s) in config.json:&lt;/b&gt; %1. Move them to the keyring.</source>
        <translation>
            <numerusform>&lt;b&gt;%n plaintext API key in config.json:&lt;/b&gt; %1. Move it to the keyring.</numerusform>
            <numerusform>&lt;b&gt;%n plaintext API keys in config.json:&lt;/b&gt; %1. Move them to the keyring.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;config.json is tracked by git and holds %n plaintext API key(s):&lt;/b&gt; %1. They are in the repository history: migrate them and rotate the keys with their providers.</source>
        <translation>
            <numerusform>&lt;b&gt;config.json is tracked by git and holds %n plaintext API key:&lt;/b&gt; %1. It is in the repository history: migrate it and rotate the key with its provider.</numerusform>
            <numerusform>&lt;b&gt;config.json is tracked by git and holds %n plaintext API keys:&lt;/b&gt; %1. They are in the repository history: migrate them and rotate the keys with their providers.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Moved %n key(s) to the keyring: %1.</source>
        <translation>
            <numerusform>Moved %n key to the keyring: %1.</numerusform>
            <numerusform>Moved %n keys to the keyring: %1.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>BatchConfirmDialog</name>
    <message numerus="yes">
        <source>Apply %1 to %n project(s)?</source>
        <translation>
            <numerusform>Apply %1 to %n project?</numerusform>
            <numerusform>Apply %1 to %n projects?</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n project(s) will not be written (see Note).</source>
        <translation>
            <numerusform>%n project will not be written (see Note).</numerusform>
            <numerusform>%n projects will not be written (see Note).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Apply to %n project(s)</source>
        <translation>
            <numerusform>Apply to %n project</numerusform>
            <numerusform>Apply to %n projects</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>BatchReportText</name>
    <message numerus="yes">
        <source>%n written</source>
        <translation>
            <numerusform>%n written</numerusform>
            <numerusform>%n written</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n restored</source>
        <translation>
            <numerusform>%n restored</numerusform>
            <numerusform>%n restored</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n already set</source>
        <translation>
            <numerusform>%n already set</numerusform>
            <numerusform>%n already set</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n refused: changed on disk</source>
        <translation>
            <numerusform>%n refused: changed on disk</numerusform>
            <numerusform>%n refused: changed on disk</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n failed</source>
        <translation>
            <numerusform>%n failed</numerusform>
            <numerusform>%n failed</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>… and %n more (Show Details…)</source>
        <translation>
            <numerusform>… and %n more (Show Details…)</numerusform>
            <numerusform>… and %n more (Show Details…)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>BatchRestore</name>
    <message numerus="yes">
        <source>Batch restore undone: %n file(s) put back.</source>
        <translation>
            <numerusform>Batch restore undone: %n file put back.</numerusform>
            <numerusform>Batch restore undone: %n files put back.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Batch restored: %n file(s) written.</source>
        <translation>
            <numerusform>Batch restored: %n file written.</numerusform>
            <numerusform>Batch restored: %n files written.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n file(s) not written.</source>
        <translation>
            <numerusform>%n file not written.</numerusform>
            <numerusform>%n files not written.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>BatchRestoreDialog</name>
    <message numerus="yes">
        <source>%1: %n key(s) change</source>
        <translation>
            <numerusform>%1: %n key changes</numerusform>
            <numerusform>%1: %n keys change</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Restore %n file(s)</source>
        <translation>
            <numerusform>Restore %n file</numerusform>
            <numerusform>Restore %n files</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ConfigCompareWindow</name>
    <message numerus="yes">
        <source>%n key(s) differ.</source>
        <translation>
            <numerusform>%n key differs.</numerusform>
            <numerusform>%n keys differ.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Writing %n key(s)…</source>
        <translation>
            <numerusform>Writing %n key…</numerusform>
            <numerusform>Writing %n keys…</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ConfigMatrixView</name>
    <message numerus="yes">
        <source>Default: %1 (%2) · %n of %3 differ(s)</source>
        <translation>
            <numerusform>Default: %1 (%2) · %n of %3 differs</numerusform>
            <numerusform>Default: %1 (%2) · %n of %3 differ</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Reading %n project(s)…</source>
        <translation>
            <numerusform>Reading %n project…</numerusform>
            <numerusform>Reading %n projects…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Writing %n project(s)…</source>
        <translation>
            <numerusform>Writing %n project…</numerusform>
            <numerusform>Writing %n projects…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Put %1 back in the %n project(s) this batch wrote (a file changed since is left alone)</source>
        <translation>
            <numerusform>Put %1 back in the project this batch wrote (a file changed since is left alone)</numerusform>
            <numerusform>Put %1 back in the %n projects this batch wrote (a file changed since is left alone)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ConflictView</name>
    <message numerus="yes">
        <source>Keep mine writes the file as it is on disk now with %n of your change(s) on top.</source>
        <translation>
            <numerusform>Keep mine writes the file as it is on disk now with %n of your changes on top.</numerusform>
            <numerusform>Keep mine writes the file as it is on disk now with %n of your changes on top.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n change(s) made on disk are kept.</source>
        <translation>
            <numerusform>%n change made on disk is kept.</numerusform>
            <numerusform>%n changes made on disk are kept.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n setting(s) were changed on both sides: tick or untick &quot;Keep my value&quot;.</source>
        <translation>
            <numerusform>%n setting was changed on both sides: tick or untick &quot;Keep my value&quot;.</numerusform>
            <numerusform>%n settings were changed on both sides: tick or untick &quot;Keep my value&quot;.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>CopyConfirmDialog</name>
    <message numerus="yes">
        <source>Copy %n key(s) to %1?</source>
        <translation>
            <numerusform>Copy %n key to %1?</numerusform>
            <numerusform>Copy %n keys to %1?</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Copy %n key(s)</source>
        <translation>
            <numerusform>Copy %n key</numerusform>
            <numerusform>Copy %n keys</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>GlobalDefaultsPanel</name>
    <message numerus="yes">
        <source>Restored %n unsaved change(s) from the last run, which ended without saving: save or revert them.</source>
        <translation>
            <numerusform>Restored %n unsaved change from the last run, which ended without saving: save or revert it.</numerusform>
            <numerusform>Restored %n unsaved changes from the last run, which ended without saving: save or revert them.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>HistoryPage</name>
    <message numerus="yes">
        <source>Keys that differ (%n)</source>
        <translation>
            <numerusform>Keys that differ (%n)</numerusform>
            <numerusform>Keys that differ (%n)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>InstallWords</name>
    <message numerus="yes">
        <source>Stale %1 install: %n agent file(s) out of date — run msd install %1 --local</source>
        <translation>
            <numerusform>Stale %1 install: %n agent file out of date — run msd install %1 --local</numerusform>
            <numerusform>Stale %1 install: %n agent files out of date — run msd install %1 --local</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n project(s) with stale installs</source>
        <translation>
            <numerusform>%n project with stale installs</numerusform>
            <numerusform>%n projects with stale installs</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>JsonSettingsPage</name>
    <message numerus="yes">
        <source>config.json holds %n plaintext API key(s): %1. They are shown masked here; move them into the OS keyring so the file only says true.</source>
        <translation>
            <numerusform>config.json holds %n plaintext API key: %1. It is shown masked here; move it into the OS keyring so the file only says true.</numerusform>
            <numerusform>config.json holds %n plaintext API keys: %1. They are shown masked here; move them into the OS keyring so the file only says true.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ModelsPanel</name>
    <message numerus="yes">
        <source>%n agent(s) change</source>
        <translation>
            <numerusform>%n agent changes</numerusform>
            <numerusform>%n agents change</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>OverviewView</name>
    <message numerus="yes">
        <source>%n shown</source>
        <translation>
            <numerusform>%n shown</numerusform>
            <numerusform>%n shown</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1, %n with problems</source>
        <translation>
            <numerusform>%1, %n with problems</numerusform>
            <numerusform>%1, %n with problems</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>PhaseListModel</name>
    <message numerus="yes">
        <source>%n plan(s) open</source>
        <translation>
            <numerusform>%n plan open</numerusform>
            <numerusform>%n plans open</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ProjectBrowserPanel</name>
    <message numerus="yes">
        <source>%n project(s)</source>
        <translation>
            <numerusform>%n project</numerusform>
            <numerusform>%n projects</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n workspace(s)</source>
        <translation>
            <numerusform>%n workspace</numerusform>
            <numerusform>%n workspaces</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ProjectTray</name>
    <message numerus="yes">
        <source>%1 (+%n more)</source>
        <translation>
            <numerusform>%1 (+%n more)</numerusform>
            <numerusform>%1 (+%n more)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1: %n new blocker(s)</source>
        <translation>
            <numerusform>%1: new blocker</numerusform>
            <numerusform>%1: new blockers</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n more project(s) — show the window</source>
        <translation>
            <numerusform>%n more project — show the window</numerusform>
            <numerusform>%n more projects — show the window</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>MSD Desktop — %n project(s), %1 in progress</source>
        <translation>
            <numerusform>MSD Desktop — %n project, %1 in progress</numerusform>
            <numerusform>MSD Desktop — %n projects, %1 in progress</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ProjectTreeModel</name>
    <message numerus="yes">
        <source>%n project(s)</source>
        <translation>
            <numerusform>%n project</numerusform>
            <numerusform>%n projects</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>RoutingPane</name>
    <message numerus="yes">
        <source>Model routing: %n agent(s) change</source>
        <translation>
            <numerusform>Model routing: %n agent changes</numerusform>
            <numerusform>Model routing: %n agents change</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>RuntimeGridPanel</name>
    <message numerus="yes">
        <source>%n agent file(s) of the {runtime} install at {where} are stale: the runtime runs what they bake, not what config says now. Refresh with: {command}</source>
        <translation>
            <numerusform>%n agent file of the {runtime} install at {where} is stale: the runtime runs what it bakes, not what config says now. Refresh with: {command}</numerusform>
            <numerusform>%n agent files of the {runtime} install at {where} are stale: the runtime runs what they bake, not what config says now. Refresh with: {command}</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Saving the Settings edits will make %n agent file(s) of the {runtime} install at {where} stale. Refresh after saving with: {command}</source>
        <translation>
            <numerusform>Saving the Settings edits will make %n agent file of the {runtime} install at {where} stale. Refresh after saving with: {command}</numerusform>
            <numerusform>Saving the Settings edits will make %n agent files of the {runtime} install at {where} stale. Refresh after saving with: {command}</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>SettingsCounts</name>
    <message numerus="yes">
        <source>revert %n change(s)</source>
        <translation>
            <numerusform>revert %n change</numerusform>
            <numerusform>revert %n changes</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n unsaved change(s)</source>
        <translation>
            <numerusform>%n unsaved change</numerusform>
            <numerusform>%n unsaved changes</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1: %n unsaved change(s)</source>
        <translation>
            <numerusform>%1: %n unsaved change</numerusform>
            <numerusform>%1: %n unsaved changes</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Saved %n change(s) to %1.</source>
        <translation>
            <numerusform>Saved %n change to %1.</numerusform>
            <numerusform>Saved %n changes to %1.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n invalid — fix before saving</source>
        <translation>
            <numerusform>%n invalid — fix before saving</numerusform>
            <numerusform>%n invalid — fix before saving</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>SidePagesForm</name>
    <message numerus="yes">
        <source>Moved %n key(s) to the keyring: %1.</source>
        <translation>
            <numerusform>Moved %n key to the keyring: %1.</numerusform>
            <numerusform>Moved %n keys to the keyring: %1.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>StatePanel</name>
    <message numerus="yes">
        <source>The file check found %n problem(s):</source>
        <translation>
            <numerusform>The file check found %n problem:</numerusform>
            <numerusform>The file check found %n problems:</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n phase(s) in this milestone</source>
        <translation>
            <numerusform>%n phase in this milestone</numerusform>
            <numerusform>%n phases in this milestone</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>ROADMAP.md lists %n phase(s) for the current milestone.</source>
        <translation>
            <numerusform>ROADMAP.md lists %n phase for the current milestone.</numerusform>
            <numerusform>ROADMAP.md lists %n phases for the current milestone.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>TimelineModel</name>
    <message numerus="yes">
        <source>%n key(s)</source>
        <translation>
            <numerusform>%n key</numerusform>
            <numerusform>%n keys</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>UnsavedEdits</name>
    <message numerus="yes">
        <source>Restored %n unsaved change(s) from the last run, which ended without saving: save or revert them.</source>
        <translation>
            <numerusform>Restored %n unsaved change from the last run, which ended without saving: save or revert it.</numerusform>
            <numerusform>Restored %n unsaved changes from the last run, which ended without saving: save or revert them.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n edited API key(s) were not kept: secrets are never written to disk.</source>
        <translation>
            <numerusform>%n edited API key was not kept: secrets are never written to disk.</numerusform>
            <numerusform>%n edited API keys were not kept: secrets are never written to disk.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>WorkspaceWatch</name>
    <message numerus="yes">
        <source>watching %n project(s)</source>
        <translation>
            <numerusform>watching %n project</numerusform>
            <numerusform>watching %n projects</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n project(s)</source>
        <translation>
            <numerusform>%n project</numerusform>
            <numerusform>%n projects</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n new</source>
        <translation>
            <numerusform>%n new</numerusform>
            <numerusform>%n new</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n gone</source>
        <translation>
            <numerusform>%n gone</numerusform>
            <numerusform>%n gone</numerusform>
        </translation>
    </message>
</context>
</TS>

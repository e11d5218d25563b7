<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="pt_BR" sourcelanguage="en">
<context>
    <name>AgentNameDelegate</name>
    <message>
        <source>Agent name</source>
        <translation>Nome do agente</translation>
    </message>
    <message>
        <source>An agent name: Ctrl+Space or Down lists the known agents</source>
        <translation>Um nome de agente: Ctrl+Espaço ou Seta para baixo lista os agentes conhecidos</translation>
    </message>
</context>
<context>
    <name>ApiKeysPanel</name>
    <message>
        <source>Set %1</source>
        <translation>Definir %1</translation>
    </message>
    <message>
        <source>%1 (%2) — stored in the OS keyring:</source>
        <translation>%1 (%2) — guardada no chaveiro do sistema:</translation>
    </message>
    <message>
        <source>Remove %1?</source>
        <translation>Remover %1?</translation>
    </message>
    <message>
        <source>Remove the project&apos;s %1 from the OS keyring?</source>
        <translation>Remover a %1 deste projeto do chaveiro do sistema?</translation>
    </message>
    <message>
        <source>API keys live in the OS keyring (service &lt;code&gt;msd&lt;/code&gt;), never in the repository. &lt;code&gt;config.json&lt;/code&gt; only records &lt;code&gt;true&lt;/code&gt; (available). &lt;code&gt;msd run -- CMD&lt;/code&gt; passes them to a runtime as environment variables.</source>
        <translation>As chaves de API ficam no chaveiro do sistema (serviço &lt;code&gt;msd&lt;/code&gt;), nunca no repositório. O &lt;code&gt;config.json&lt;/code&gt; só registra &lt;code&gt;true&lt;/code&gt; (disponível). &lt;code&gt;msd run -- CMD&lt;/code&gt; as repassa a um runtime como variáveis de ambiente.</translation>
    </message>
    <message>
        <source>Migrate plaintext keys to the keyring</source>
        <translation>Migrar as chaves em texto puro para o chaveiro</translation>
    </message>
    <message>
        <source>Moves every plaintext API key of config.json into the OS keyring and writes true in its place</source>
        <translation>Move todas as chaves de API em texto puro do config.json para o chaveiro do sistema e grava true no lugar delas</translation>
    </message>
    <message>
        <source>checking…</source>
        <translation>verificando…</translation>
    </message>
    <message>
        <source>%1, masked</source>
        <translation>%1, mascarada</translation>
    </message>
    <message>
        <source>The key&apos;s value, masked; Reveal shows it for a few seconds</source>
        <translation>O valor da chave, mascarado; Revelar o mostra por alguns segundos</translation>
    </message>
    <message>
        <source>Set…</source>
        <translation>Definir…</translation>
    </message>
    <message>
        <source>Type a value for %1; it goes into the OS keyring</source>
        <translation>Digite um valor para %1; ele vai para o chaveiro do sistema</translation>
    </message>
    <message>
        <source>Reveal</source>
        <translation>Revelar</translation>
    </message>
    <message>
        <source>Reveal %1</source>
        <translation>Revelar %1</translation>
    </message>
    <message numerus="yes">
        <source>Show the key for %n second(s)</source>
        <translation>
            <numerusform>Mostra a chave por %n segundo</numerusform>
            <numerusform>Mostra a chave por %n segundos</numerusform>
        </translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Remover</translation>
    </message>
    <message>
        <source>Remove %1</source>
        <translation>Remover %1</translation>
    </message>
    <message>
        <source>Remove this project&apos;s %1 from the OS keyring</source>
        <translation>Remove a %1 deste projeto do chaveiro do sistema</translation>
    </message>
    <message>
        <source>(unset)</source>
        <translation>(não definida)</translation>
    </message>
    <message>
        <source>&lt;b&gt;No usable keyring — keys cannot be stored.&lt;/b&gt; The keyring check says: %1</source>
        <translation>&lt;b&gt;Nenhum chaveiro utilizável — não é possível guardar chaves.&lt;/b&gt; A verificação do chaveiro diz: %1</translation>
    </message>
    <message>
        <source>Locations: %1</source>
        <translation>Locais: %1</translation>
    </message>
    <message>
        <source>Replace…</source>
        <translation>Substituir…</translation>
    </message>
    <message>
        <source>Replace %1</source>
        <translation>Substituir %1</translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;%n plaintext API key(s) in config.json:&lt;/b&gt; %1. Move them to the keyring.</source>
        <translation>
            <numerusform>&lt;b&gt;%n chave de API em texto puro no config.json:&lt;/b&gt; %1. Mova-a para o chaveiro.</numerusform>
            <numerusform>&lt;b&gt;%n chaves de API em texto puro no config.json:&lt;/b&gt; %1. Mova-as para o chaveiro.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;config.json is tracked by git and holds %n plaintext API key(s):&lt;/b&gt; %1. They are in the repository history: migrate them and rotate the keys with their providers.</source>
        <translation>
            <numerusform>&lt;b&gt;O config.json é rastreado pelo git e contém %n chave de API em texto puro:&lt;/b&gt; %1. Ela está no histórico do repositório: migre-a e gere uma nova chave com o provedor.</numerusform>
            <numerusform>&lt;b&gt;O config.json é rastreado pelo git e contém %n chaves de API em texto puro:&lt;/b&gt; %1. Elas estão no histórico do repositório: migre-as e gere novas chaves com os provedores.</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 stored in the keyring.</source>
        <translation>%1 guardada no chaveiro.</translation>
    </message>
    <message>
        <source>%1 removed from the keyring.</source>
        <translation>%1 removida do chaveiro.</translation>
    </message>
    <message>
        <source>%1 has no stored value to reveal.</source>
        <translation>%1 não tem valor guardado para revelar.</translation>
    </message>
    <message numerus="yes">
        <source>Moved %n key(s) to the keyring: %1.</source>
        <translation>
            <numerusform>%n chave movida para o chaveiro: %1.</numerusform>
            <numerusform>%n chaves movidas para o chaveiro: %1.</numerusform>
        </translation>
    </message>
    <message>
        <source>Nothing to move to the keyring.</source>
        <translation>Nada a mover para o chaveiro.</translation>
    </message>
    <message>
        <source>The keyring check says: %1</source>
        <translation>A verificação do chaveiro diz: %1</translation>
    </message>
    <message>
        <source>The keyring said: %1</source>
        <translation>O chaveiro respondeu: %1</translation>
    </message>
</context>
<context>
    <name>BatchConfirmDialog</name>
    <message numerus="yes">
        <source>Apply %1 to %n project(s)?</source>
        <translation>
            <numerusform>Aplicar %1 a %n projeto?</numerusform>
            <numerusform>Aplicar %1 a %n projetos?</numerusform>
        </translation>
    </message>
    <message>
        <source>Set %1 in the projects below. Each project&apos;s config.json is written only if it has not changed since this list was read.</source>
        <translation>Definir %1 nos projetos abaixo. O config.json de cada projeto só é gravado se não tiver mudado desde que esta lista foi lida.</translation>
    </message>
    <message>
        <source>Projects and the value each will get</source>
        <translation>Projetos e o valor que cada um vai receber</translation>
    </message>
    <message>
        <source>No project is selected: close this and select projects in the matrix.</source>
        <translation>Nenhum projeto selecionado: feche esta janela e selecione projetos na matriz.</translation>
    </message>
    <message numerus="yes">
        <source>%n project(s) will not be written (see Note).</source>
        <translation>
            <numerusform>%n projeto não será gravado (veja Observação).</numerusform>
            <numerusform>%n projetos não serão gravados (veja Observação).</numerusform>
        </translation>
    </message>
    <message>
        <source>You can undo the whole batch afterwards with Undo batch.</source>
        <translation>Depois, você pode desfazer o lote inteiro com Desfazer lote.</translation>
    </message>
    <message>
        <source>A secret goes to the OS keyring: this batch cannot be undone.</source>
        <translation>Um segredo vai para o chaveiro do sistema: este lote não pode ser desfeito.</translation>
    </message>
    <message numerus="yes">
        <source>Apply to %n project(s)</source>
        <translation>
            <numerusform>Aplicar a %n projeto</numerusform>
            <numerusform>Aplicar a %n projetos</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>BatchPlanModel</name>
    <message>
        <source>Project</source>
        <translation>Projeto</translation>
    </message>
    <message>
        <source>Now</source>
        <translation>Atual</translation>
    </message>
    <message>
        <source>New value</source>
        <translation>Novo valor</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>Observação</translation>
    </message>
</context>
<context>
    <name>BatchReport</name>
    <message>
        <source>Batch undone</source>
        <translation>Lote desfeito</translation>
    </message>
    <message>
        <source>Batch applied</source>
        <translation>Lote aplicado</translation>
    </message>
</context>
<context>
    <name>BatchReportText</name>
    <message numerus="yes">
        <source>%n written</source>
        <translation>
            <numerusform>%n gravado</numerusform>
            <numerusform>%n gravados</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n restored</source>
        <translation>
            <numerusform>%n restaurado</numerusform>
            <numerusform>%n restaurados</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n already set</source>
        <translation>
            <numerusform>%n já definido</numerusform>
            <numerusform>%n já definidos</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n refused: changed on disk</source>
        <translation>
            <numerusform>%n recusado: mudou no disco</numerusform>
            <numerusform>%n recusados: mudaram no disco</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n failed</source>
        <translation>
            <numerusform>%n com falha</numerusform>
            <numerusform>%n com falha</numerusform>
        </translation>
    </message>
    <message>
        <source>nothing to do</source>
        <translation>nada a fazer</translation>
    </message>
    <message numerus="yes">
        <source>… and %n more (Show Details…)</source>
        <translation>
            <numerusform>… e mais %n (Mostrar detalhes…)</numerusform>
            <numerusform>… e mais %n (Mostrar detalhes…)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>BatchRestore</name>
    <message>
        <source>put back</source>
        <translation>reposto</translation>
    </message>
    <message>
        <source>restored</source>
        <translation>restaurado</translation>
    </message>
    <message>
        <source>already so</source>
        <translation>já estava assim</translation>
    </message>
    <message>
        <source>refused</source>
        <translation>recusado</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>falhou</translation>
    </message>
    <message>
        <source>not touched</source>
        <translation>não alterado</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>Reading batch %1…</source>
        <translation>Lendo o lote %1…</translation>
    </message>
    <message>
        <source>Batch restore cancelled: nothing was written.</source>
        <translation>Restauração do lote cancelada: nada foi gravado.</translation>
    </message>
    <message>
        <source>Writing…</source>
        <translation>Gravando…</translation>
    </message>
    <message numerus="yes">
        <source>Batch restore undone: %n file(s) put back.</source>
        <translation>
            <numerusform>Restauração do lote desfeita: %n arquivo reposto.</numerusform>
            <numerusform>Restauração do lote desfeita: %n arquivos repostos.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Batch restored: %n file(s) written.</source>
        <translation>
            <numerusform>Lote restaurado: %n arquivo gravado.</numerusform>
            <numerusform>Lote restaurado: %n arquivos gravados.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n file(s) not written.</source>
        <translation>
            <numerusform>%n arquivo não gravado.</numerusform>
            <numerusform>%n arquivos não gravados.</numerusform>
        </translation>
    </message>
    <message>
        <source>Batch restore failed: %1</source>
        <translation>A restauração do lote falhou: %1</translation>
    </message>
</context>
<context>
    <name>BatchRestoreDialog</name>
    <message>
        <source>Restore batch %1?</source>
        <translation>Restaurar o lote %1?</translation>
    </message>
    <message>
        <source>Put back every config file this batch wrote. Each file is written only if it has not changed since this list was read; nothing is written for the others.</source>
        <translation>Repõe todos os arquivos de configuração que este lote gravou. Cada arquivo só é gravado se não tiver mudado desde que esta lista foi lida; nada é gravado nos demais.</translation>
    </message>
    <message>
        <source>State to put back</source>
        <translation>Estado a repor</translation>
    </message>
    <message>
        <source>the state the batch left</source>
        <translation>o estado que o lote deixou</translation>
    </message>
    <message>
        <source>the state before the batch</source>
        <translation>o estado anterior ao lote</translation>
    </message>
    <message>
        <source>Projects of the batch</source>
        <translation>Projetos do lote</translation>
    </message>
    <message>
        <source>Restore</source>
        <translation>Restaurar</translation>
    </message>
    <message>
        <source>%1: cannot be restored — %2</source>
        <translation>%1: não pode ser restaurado — %2</translation>
    </message>
    <message>
        <source>%1: already so</source>
        <translation>%1: já está assim</translation>
    </message>
    <message numerus="yes">
        <source>%1: %n key(s) change</source>
        <translation>
            <numerusform>%1: %n chave muda</numerusform>
            <numerusform>%1: %n chaves mudam</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Restore %n file(s)</source>
        <translation>
            <numerusform>Restaurar %n arquivo</numerusform>
            <numerusform>Restaurar %n arquivos</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ChangedFiles</name>
    <message>
        <source>config.json</source>
        <extracomment>How the window&apos;s summaries say the core&apos;s problems: translated, paths made relative. What changed in a project&apos;s planning folder (the watcher&apos;s kinds), as the file names a person knows, in the order they are listed.</extracomment>
        <translation>config.json</translation>
    </message>
    <message>
        <source>STATE.md</source>
        <translation>STATE.md</translation>
    </message>
    <message>
        <source>ROADMAP.md</source>
        <translation>ROADMAP.md</translation>
    </message>
    <message>
        <source>phase files</source>
        <translation>arquivos de fase</translation>
    </message>
    <message>
        <source>workstreams</source>
        <translation>frentes de trabalho</translation>
    </message>
    <message>
        <source>other planning files</source>
        <translation>outros arquivos de planejamento</translation>
    </message>
    <message>
        <source>, </source>
        <translation>, </translation>
    </message>
    <message>
        <source>planning files</source>
        <translation>arquivos de planejamento</translation>
    </message>
</context>
<context>
    <name>CloseKeys</name>
    <message>
        <source>Close</source>
        <translation>Fechar</translation>
    </message>
    <message>
        <source>Close this window (Esc, Ctrl+W)</source>
        <translation>Fechar esta janela (Esc, Ctrl+W)</translation>
    </message>
</context>
<context>
    <name>ConfigCompareModel</name>
    <message>
        <source>Key</source>
        <translation>Chave</translation>
    </message>
    <message>
        <source>Left</source>
        <translation>Esquerda</translation>
    </message>
    <message>
        <source>Right</source>
        <translation>Direita</translation>
    </message>
    <message>
        <source>%1 — an API key: shown masked, never copied</source>
        <translation>%1 — uma chave de API: mostrada mascarada, nunca copiada</translation>
    </message>
    <message>
        <source>%1 — differs</source>
        <translation>%1 — difere</translation>
    </message>
    <message>
        <source>%1 — the same in both</source>
        <translation>%1 — igual nos dois</translation>
    </message>
</context>
<context>
    <name>ConfigCompareWindow</name>
    <message>
        <source>Copy undone</source>
        <translation>Cópia desfeita</translation>
    </message>
    <message>
        <source>Keys copied</source>
        <translation>Chaves copiadas</translation>
    </message>
    <message>
        <source>&amp;Left:</source>
        <translation>&amp;Esquerda:</translation>
    </message>
    <message>
        <source>The project on the left (Alt+L)</source>
        <translation>O projeto à esquerda (Alt+E)</translation>
    </message>
    <message>
        <source>&amp;Right:</source>
        <translation>Di&amp;reita:</translation>
    </message>
    <message>
        <source>The project on the right (Alt+R)</source>
        <translation>O projeto à direita (Alt+R)</translation>
    </message>
    <message>
        <source>Only &amp;differences</source>
        <translation>Só as &amp;diferenças</translation>
    </message>
    <message>
        <source>Hide the keys both projects set alike</source>
        <translation>Ocultar as chaves que os dois projetos definem igual</translation>
    </message>
    <message>
        <source>Keys of both projects&apos; config.json</source>
        <translation>Chaves do config.json dos dois projetos</translation>
    </message>
    <message>
        <source>Differing keys are highlighted; select keys to copy them</source>
        <translation>As chaves diferentes ficam destacadas; selecione chaves para copiá-las</translation>
    </message>
    <message>
        <source>Copy to right →</source>
        <translation>Copiar para a direita →</translation>
    </message>
    <message>
        <source>← Copy to left</source>
        <translation>← Copiar para a esquerda</translation>
    </message>
    <message>
        <source>Undo copy</source>
        <translation>Desfazer cópia</translation>
    </message>
    <message>
        <source>Put back the values the last copy replaced (a file changed since is left alone)</source>
        <translation>Repor os valores que a última cópia substituiu (um arquivo alterado depois fica como está)</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message numerus="yes">
        <source>%n key(s) differ.</source>
        <translation>
            <numerusform>%n chave difere.</numerusform>
            <numerusform>%n chaves diferem.</numerusform>
        </translation>
    </message>
    <message>
        <source>Copy the selected keys from %1 to %2 (you confirm each key first)</source>
        <translation>Copiar as chaves selecionadas de %1 para %2 (você confirma cada chave antes)</translation>
    </message>
    <message>
        <source>Reading the target&apos;s config.json…</source>
        <translation>Lendo o config.json de destino…</translation>
    </message>
    <message>
        <source>Nothing written: the copy was cancelled.</source>
        <translation>Nada foi gravado: a cópia foi cancelada.</translation>
    </message>
    <message numerus="yes">
        <source>Writing %n key(s)…</source>
        <translation>
            <numerusform>Gravando %n chave…</numerusform>
            <numerusform>Gravando %n chaves…</numerusform>
        </translation>
    </message>
    <message>
        <source>Undoing the copy…</source>
        <translation>Desfazendo a cópia…</translation>
    </message>
    <message>
        <source>Undo: %1 — %2</source>
        <translation>Desfazer: %1 — %2</translation>
    </message>
    <message>
        <source>Copied: %1 — %2</source>
        <translation>Copiado: %1 — %2</translation>
    </message>
    <message>
        <source>The copy failed: %1</source>
        <translation>A cópia falhou: %1</translation>
    </message>
    <message>
        <source>Comparing needs two projects: add a workspace or open a project in the main window.</source>
        <translation>Comparar precisa de dois projetos: adicione um espaço de trabalho ou abra um projeto na janela principal.</translation>
    </message>
    <message>
        <source>The two projects set every key alike.</source>
        <translation>Os dois projetos definem todas as chaves igual.</translation>
    </message>
    <message>
        <source>Neither project sets any key in its config.json.</source>
        <translation>Nenhum dos projetos define chaves no seu config.json.</translation>
    </message>
</context>
<context>
    <name>ConfigFormPanel</name>
    <message>
        <source>This file does not read as JSON, so the form is read-only. The file check says: {0}. Fix it in the JSON tab (or another editor) and save; the form can be edited again then.</source>
        <translation>Este arquivo não é lido como JSON, então o formulário fica somente leitura. A verificação do arquivo diz: {0}. Corrija-o na aba JSON (ou em outro editor) e salve; o formulário pode ser editado de novo depois disso.</translation>
    </message>
    <message>
        <source>This file cannot be read, so it cannot be edited here. The file check says: {0}. Fix it in another program; it is reloaded when it changes.</source>
        <translation>Este arquivo não pode ser lido, então não pode ser editado aqui. A verificação do arquivo diz: {0}. Corrija-o em outro programa; ele é recarregado quando mudar.</translation>
    </message>
    <message>
        <source>Reverted: the form shows the file again (Ctrl+Z brings the changes back).</source>
        <translation>Revertido: o formulário mostra o arquivo de novo (Ctrl+Z traz as alterações de volta).</translation>
    </message>
    <message>
        <source>No unsaved changes.</source>
        <translation>Nenhuma alteração não salva.</translation>
    </message>
    <message>
        <source>JSON (does not parse)</source>
        <translation>JSON (inválido)</translation>
    </message>
    <message>
        <source>Save (fix JSON)</source>
        <translation>Salvar (corrija o JSON)</translation>
    </message>
    <message>
        <source>Save ({0} invalid)</source>
        <translation>Salvar ({0} inválidos)</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>Salvar</translation>
    </message>
    <message>
        <source>&amp;Scope:</source>
        <translation>&amp;Escopo:</translation>
    </message>
    <message>
        <source>Scope</source>
        <translation>Escopo</translation>
    </message>
    <message>
        <source>Project</source>
        <translation>Projeto</translation>
    </message>
    <message>
        <source>Workstream &apos;{0}&apos;</source>
        <translation>Frente de trabalho &apos;{0}&apos;</translation>
    </message>
    <message>
        <source>Workstream (none)</source>
        <translation>Frente de trabalho (nenhuma)</translation>
    </message>
    <message>
        <source>Global defaults ({0})</source>
        <translation>Padrões globais ({0})</translation>
    </message>
    <message>
        <source>Open in external editor</source>
        <translation>Abrir em editor externo</translation>
    </message>
    <message>
        <source>Open this config file in the program your desktop uses for it</source>
        <translation>Abrir este arquivo de configuração no programa que o seu desktop usa para ele</translation>
    </message>
    <message>
        <source>Show in folder</source>
        <translation>Mostrar na pasta</translation>
    </message>
    <message>
        <source>Open the folder that holds this config file in your file manager</source>
        <translation>Abrir a pasta que contém este arquivo de configuração no gerenciador de arquivos</translation>
    </message>
    <message>
        <source>Search settings (Ctrl+F)</source>
        <translation>Buscar configurações (Ctrl+F)</translation>
    </message>
    <message>
        <source>Search settings</source>
        <translation>Buscar configurações</translation>
    </message>
    <message>
        <source>Search titles, descriptions and key names (Ctrl+F)</source>
        <translation>Busca em títulos, descrições e nomes de chave (Ctrl+F)</translation>
    </message>
    <message>
        <source>Clear the search</source>
        <translation>Limpar a busca</translation>
    </message>
    <message>
        <source>Modified only</source>
        <translation>Só as modificadas</translation>
    </message>
    <message>
        <source>Show only the settings this file sets or that you changed</source>
        <translation>Mostrar só as configurações que este arquivo define ou que você alterou</translation>
    </message>
    <message>
        <source>Revert</source>
        <translation>Reverter</translation>
    </message>
    <message>
        <source>Drop the unsaved changes: the form shows the file again (Ctrl+Z brings them back)</source>
        <translation>Descartar as alterações não salvas: o formulário mostra o arquivo de novo (Ctrl+Z as traz de volta)</translation>
    </message>
    <message>
        <source>Cancel saving</source>
        <translation>Cancelar salvamento</translation>
    </message>
    <message>
        <source>Stop the save while it waits for another program: nothing is written</source>
        <translation>Interrompe o salvamento enquanto ele espera outro programa: nada é gravado</translation>
    </message>
    <message>
        <source>Reload</source>
        <translation>Recarregar</translation>
    </message>
    <message>
        <source>Keep mine</source>
        <translation>Manter as minhas</translation>
    </message>
    <message>
        <source>Show difference</source>
        <translation>Mostrar diferença</translation>
    </message>
    <message>
        <source>Fix in the JSON tab</source>
        <translation>Corrigir na aba JSON</translation>
    </message>
    <message>
        <source>Open the file&apos;s text with the cursor at the problem</source>
        <translation>Abrir o texto do arquivo com o cursor no problema</translation>
    </message>
    <message>
        <source>Sections</source>
        <translation>Seções</translation>
    </message>
    <message>
        <source>Jump to a section; the numbers count the settings the filter shows</source>
        <translation>Ir para uma seção; os números contam as configurações que o filtro mostra</translation>
    </message>
    <message>
        <source>No setting matches the filter. Clear the search or untick Modified only.</source>
        <translation>Nenhuma configuração corresponde ao filtro. Limpe a busca ou desmarque Só as modificadas.</translation>
    </message>
    <message>
        <source>Loading more settings…</source>
        <translation>Carregando mais configurações…</translation>
    </message>
    <message>
        <source>Form</source>
        <translation>Formulário</translation>
    </message>
    <message>
        <source>JSON</source>
        <translation>JSON</translation>
    </message>
    <message>
        <source>API keys</source>
        <translation>Chaves de API</translation>
    </message>
    <message>
        <source>{0}  (not created yet)</source>
        <translation>{0}  (ainda não criado)</translation>
    </message>
    <message>
        <source>This file does not read as JSON ({0}). The text typed in the JSON tab reads now: the form shows it and takes edits; save to write it to the file.</source>
        <translation>Este arquivo não é lido como JSON ({0}). O texto digitado na aba JSON já é lido: o formulário o mostra e aceita edições; salve para gravá-lo no arquivo.</translation>
    </message>
    <message>
        <source>{0} does not exist yet: save once to create it.</source>
        <translation>{0} ainda não existe: salve uma vez para criá-lo.</translation>
    </message>
    <message>
        <source>Opened {0} with your desktop&apos;s program.</source>
        <translation>{0} aberto com o programa do seu desktop.</translation>
    </message>
    <message>
        <source>Nothing on this desktop opens {0}: open it yourself.</source>
        <translation>Nenhum programa deste desktop abre {0}: abra-o você mesmo.</translation>
    </message>
    <message>
        <source>Read-only: the file does not read as JSON. Fix it in the JSON tab, then save.</source>
        <translation>Somente leitura: o arquivo não é lido como JSON. Corrija-o na aba JSON e depois salve.</translation>
    </message>
    <message>
        <source>Saving…</source>
        <translation>Salvando…</translation>
    </message>
    <message>
        <source>Fix the fields outlined in red first; {0} invalid</source>
        <translation>Corrija antes os campos contornados em vermelho; {0} inválidos</translation>
    </message>
    <message>
        <source>Save the changes to the file (Ctrl+S)</source>
        <translation>Salvar as alterações no arquivo (Ctrl+S)</translation>
    </message>
    <message>
        <source>Keys MSD does not know (listed, kept on save): {0}</source>
        <translation>Chaves que o MSD não conhece (listadas, mantidas ao salvar): {0}</translation>
    </message>
    <message>
        <source>JSON (unsaved)</source>
        <translation>JSON (não salvo)</translation>
    </message>
</context>
<context>
    <name>ConfigLayers</name>
    <message>
        <source>Workstream</source>
        <translation>Frente de trabalho</translation>
    </message>
    <message>
        <source>Project</source>
        <translation>Projeto</translation>
    </message>
    <message>
        <source>Global defaults</source>
        <translation>Padrões globais</translation>
    </message>
    <message>
        <source>Built-in default</source>
        <translation>Padrão embutido</translation>
    </message>
</context>
<context>
    <name>ConfigMatrixModel</name>
    <message>
        <source>Project</source>
        <translation>Projeto</translation>
    </message>
    <message>
        <source>Workspace</source>
        <translation>Espaço de trabalho</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>Valor</translation>
    </message>
    <message>
        <source>From</source>
        <translation>Origem</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>config unusable</source>
        <translation>configuração inutilizável</translation>
    </message>
    <message>
        <source>differs from the default</source>
        <translation>difere do padrão</translation>
    </message>
    <message>
        <source>same as the default</source>
        <translation>igual ao padrão</translation>
    </message>
    <message>
        <source>%1 (default)</source>
        <translation>%1 (padrão)</translation>
    </message>
    <message>
        <source>Global value: %1</source>
        <translation>Valor global: %1</translation>
    </message>
    <message>
        <source>File check: %1</source>
        <translation>Verificação do arquivo: %1</translation>
    </message>
</context>
<context>
    <name>ConfigMatrixView</name>
    <message>
        <source>&amp;Key:</source>
        <translation>&amp;Chave:</translation>
    </message>
    <message>
        <source>Setting to compare</source>
        <translation>Configuração a comparar</translation>
    </message>
    <message>
        <source>The setting shown for every project (Alt+K); type part of its name to find it</source>
        <translation>A configuração mostrada para cada projeto (Alt+C); digite parte do nome para encontrá-la</translation>
    </message>
    <message>
        <source>Projects and their value of the setting</source>
        <translation>Projetos e o valor de cada um para a configuração</translation>
    </message>
    <message>
        <source>&amp;New value:</source>
        <translation>&amp;Novo valor:</translation>
    </message>
    <message>
        <source>Select differing</source>
        <translation>Selecionar divergentes</translation>
    </message>
    <message>
        <source>Select the projects whose value differs from the default</source>
        <translation>Seleciona os projetos cujo valor difere do padrão</translation>
    </message>
    <message>
        <source>Apply to selected…</source>
        <translation>Aplicar aos selecionados…</translation>
    </message>
    <message>
        <source>Set the new value in the selected projects (you confirm each project first)</source>
        <translation>Define o novo valor nos projetos selecionados (você confirma cada projeto antes)</translation>
    </message>
    <message>
        <source>Undo batch</source>
        <translation>Desfazer lote</translation>
    </message>
    <message>
        <source>Put back every project&apos;s previous value (a file changed since is left alone)</source>
        <translation>Restaura o valor anterior de cada projeto (um arquivo alterado depois disso fica como está)</translation>
    </message>
    <message>
        <source>Not a setting MSD knows: pick one from the list.</source>
        <translation>O MSD não conhece esta configuração: escolha uma da lista.</translation>
    </message>
    <message>
        <source>New value of %1</source>
        <translation>Novo valor de %1</translation>
    </message>
    <message>
        <source>schema default</source>
        <translation>padrão do esquema</translation>
    </message>
    <message numerus="yes">
        <source>Default: %1 (%2) · %n of %3 differ(s)</source>
        <translation>
            <numerusform>Padrão: %1 (%2) · %n de %3 difere</numerusform>
            <numerusform>Padrão: %1 (%2) · %n de %3 diferem</numerusform>
        </translation>
    </message>
    <message>
        <source>Undo: %1 — %2</source>
        <translation>Desfeito: %1 — %2</translation>
    </message>
    <message>
        <source>Applied: %1 — %2</source>
        <translation>Aplicado: %1 — %2</translation>
    </message>
    <message>
        <source>No projects to compare yet. Add a workspace or open a project in the main window, then open the matrix again.</source>
        <translation>Ainda não há projetos para comparar. Adicione um espaço de trabalho ou abra um projeto na janela principal e abra a matriz de novo.</translation>
    </message>
    <message>
        <source>No project to show for this setting.</source>
        <translation>Nenhum projeto a mostrar para esta configuração.</translation>
    </message>
    <message numerus="yes">
        <source>Reading %n project(s)…</source>
        <translation>
            <numerusform>Lendo %n projeto…</numerusform>
            <numerusform>Lendo %n projetos…</numerusform>
        </translation>
    </message>
    <message>
        <source>Nothing written: the batch was cancelled.</source>
        <translation>Nada foi gravado: o lote foi cancelado.</translation>
    </message>
    <message numerus="yes">
        <source>Writing %n project(s)…</source>
        <translation>
            <numerusform>Gravando %n projeto…</numerusform>
            <numerusform>Gravando %n projetos…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Put %1 back in the %n project(s) this batch wrote (a file changed since is left alone)</source>
        <translation>
            <numerusform>Restaura %1 no %n projeto que este lote gravou (um arquivo alterado depois disso fica como está)</numerusform>
            <numerusform>Restaura %1 nos %n projetos que este lote gravou (um arquivo alterado depois disso fica como está)</numerusform>
        </translation>
    </message>
    <message>
        <source>Undoing the batch…</source>
        <translation>Desfazendo o lote…</translation>
    </message>
    <message>
        <source>The batch failed: %1</source>
        <translation>O lote falhou: %1</translation>
    </message>
</context>
<context>
    <name>ConfigWords</name>
    <message>
        <source>uses the global value</source>
        <translation>usa o valor global</translation>
    </message>
    <message>
        <source>sets its own value</source>
        <translation>define o próprio valor</translation>
    </message>
    <message>
        <source>has .planning/ — the global value is not read at run time</source>
        <translation>tem .planning/ — o valor global não é lido durante a execução</translation>
    </message>
    <message>
        <source>not set globally</source>
        <translation>não definido globalmente</translation>
    </message>
    <message>
        <source>(not set)</source>
        <translation>(não definido)</translation>
    </message>
    <message>
        <source>(unreadable)</source>
        <translation>(ilegível)</translation>
    </message>
    <message>
        <source>already set</source>
        <translation>já definido</translation>
    </message>
    <message>
        <source>not written (file check: %1)</source>
        <translation>não gravado (verificação do arquivo: %1)</translation>
    </message>
    <message>
        <source>written</source>
        <translation>gravado</translation>
    </message>
    <message>
        <source>refused</source>
        <translation>recusado</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>falhou</translation>
    </message>
    <message>
        <source>restored</source>
        <translation>restaurado</translation>
    </message>
    <message>
        <source>skipped</source>
        <translation>ignorado</translation>
    </message>
    <message>
        <source>already %1</source>
        <translation>já é %1</translation>
    </message>
    <message>
        <source>removed from the file</source>
        <translation>removido do arquivo</translation>
    </message>
    <message>
        <source>changed on disk since the batch wrote it — left as it is</source>
        <translation>mudou no disco depois que o lote o gravou — ficou como está</translation>
    </message>
    <message>
        <source>changed on disk since you confirmed — not written; reload and try again</source>
        <translation>mudou no disco depois da sua confirmação — não gravado; recarregue e tente de novo</translation>
    </message>
    <message>
        <source>nothing was written here</source>
        <translation>nada foi gravado aqui</translation>
    </message>
    <message>
        <source>%1: %2 — %3</source>
        <translation>%1: %2 — %3</translation>
    </message>
</context>
<context>
    <name>ConflictView</name>
    <message>
        <source>Conflict with the file on disk</source>
        <translation>Conflito com o arquivo no disco</translation>
    </message>
    <message>
        <source>Settings that differ</source>
        <translation>Configurações que diferem</translation>
    </message>
    <message>
        <source>One row per setting that differs; for a setting changed on both sides, tick &quot;Keep my value&quot; (Space) to keep yours or untick it to take the disk&apos;s</source>
        <translation>Uma linha por configuração que difere; numa configuração alterada dos dois lados, marque &quot;Manter o meu valor&quot; (Espaço) para ficar com o seu ou desmarque para usar o do disco</translation>
    </message>
    <message>
        <source>No setting differs: the file on disk and your unsaved changes agree.</source>
        <translation>Nenhuma configuração difere: o arquivo no disco e suas alterações não salvas concordam.</translation>
    </message>
    <message>
        <source>The documents</source>
        <translation>Os documentos</translation>
    </message>
    <message>
        <source>What Keep mine changes in the file</source>
        <translation>O que &quot;Manter as minhas&quot; altera no arquivo</translation>
    </message>
    <message>
        <source>What Keep mine changes</source>
        <translation>O que &quot;Manter as minhas&quot; altera</translation>
    </message>
    <message>
        <source>The lines Keep mine changes in the file as it is on disk now (API keys masked)</source>
        <translation>As linhas que &quot;Manter as minhas&quot; altera no arquivo como está no disco agora (chaves de API mascaradas)</translation>
    </message>
    <message>
        <source>Keep mine writes</source>
        <translation>&quot;Manter as minhas&quot; grava</translation>
    </message>
    <message>
        <source>The whole file Keep mine would write</source>
        <translation>O arquivo inteiro que &quot;Manter as minhas&quot; gravaria</translation>
    </message>
    <message>
        <source>Mine</source>
        <translation>As minhas</translation>
    </message>
    <message>
        <source>The file as Save would write it before the outside change (your unsaved changes)</source>
        <translation>O arquivo como Salvar o gravaria antes da alteração externa (suas alterações não salvas)</translation>
    </message>
    <message>
        <source>On disk now</source>
        <translation>No disco agora</translation>
    </message>
    <message>
        <source>The file as it is on disk now</source>
        <translation>O arquivo como está no disco agora</translation>
    </message>
    <message>
        <source>As read</source>
        <translation>Como foi lido</translation>
    </message>
    <message>
        <source>The file as it was when it was read, before either change</source>
        <translation>O arquivo como estava quando foi lido, antes de qualquer alteração</translation>
    </message>
    <message>
        <source>Nothing to show: this file cannot be read.</source>
        <translation>Nada a mostrar: este arquivo não pode ser lido.</translation>
    </message>
    <message>
        <source>The file on disk cannot be used, so Keep mine cannot be applied to it. File check: %1</source>
        <translation>O arquivo no disco não pode ser usado, então &quot;Manter as minhas&quot; não pode ser aplicado a ele. Verificação do arquivo: %1</translation>
    </message>
    <message>
        <source>%1 (on disk now)</source>
        <translation>%1 (no disco agora)</translation>
    </message>
    <message>
        <source>%1 (after Keep mine)</source>
        <translation>%1 (depois de Manter as minhas)</translation>
    </message>
    <message>
        <source>Keep mine writes the file exactly as it is on disk now.</source>
        <translation>&quot;Manter as minhas&quot; grava o arquivo exatamente como está no disco agora.</translation>
    </message>
    <message>
        <source>The file on disk cannot be read now. Reload when it is fixed, or keep your changes and save once it can be read.</source>
        <translation>O arquivo no disco não pode ser lido agora. Recarregue quando ele for corrigido, ou mantenha suas alterações e salve quando ele puder ser lido.</translation>
    </message>
    <message numerus="yes">
        <source>Keep mine writes the file as it is on disk now with %n of your change(s) on top.</source>
        <translation>
            <numerusform>&quot;Manter as minhas&quot; grava o arquivo como está no disco agora com %n alteração sua por cima.</numerusform>
            <numerusform>&quot;Manter as minhas&quot; grava o arquivo como está no disco agora com %n alterações suas por cima.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n change(s) made on disk are kept.</source>
        <translation>
            <numerusform>%n alteração feita no disco é mantida.</numerusform>
            <numerusform>%n alterações feitas no disco são mantidas.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n setting(s) were changed on both sides: tick or untick &quot;Keep my value&quot;.</source>
        <translation>
            <numerusform>%n configuração foi alterada dos dois lados: marque ou desmarque &quot;Manter o meu valor&quot;.</numerusform>
            <numerusform>%n configurações foram alteradas dos dois lados: marque ou desmarque &quot;Manter o meu valor&quot;.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>CopyConfirmDialog</name>
    <message numerus="yes">
        <source>Copy %n key(s) to %1?</source>
        <translation>
            <numerusform>Copiar %n chave para %1?</numerusform>
            <numerusform>Copiar %n chaves para %1?</numerusform>
        </translation>
    </message>
    <message>
        <source>Copy these keys from %1 to %2. %2&apos;s config.json is written only if it has not changed since this list was read.</source>
        <translation>Copiar estas chaves de %1 para %2. O config.json de %2 só é gravado se não mudou desde que esta lista foi lida.</translation>
    </message>
    <message>
        <source>Keys and the value each will get</source>
        <translation>Chaves e o valor que cada uma terá</translation>
    </message>
    <message>
        <source>You can undo the whole copy afterwards with Undo copy.</source>
        <translation>Você pode desfazer a cópia inteira depois com Desfazer cópia.</translation>
    </message>
    <message numerus="yes">
        <source>Copy %n key(s)</source>
        <translation>
            <numerusform>Copiar %n chave</numerusform>
            <numerusform>Copiar %n chaves</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>CopyPlanModel</name>
    <message>
        <source>Key</source>
        <translation>Chave</translation>
    </message>
    <message>
        <source>Now</source>
        <translation>Atual</translation>
    </message>
    <message>
        <source>New value</source>
        <translation>Novo valor</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>Observação</translation>
    </message>
</context>
<context>
    <name>CoreMessages</name>
    <message>
        <source>Unexpected token {name}</source>
        <translation>Token inesperado {name}</translation>
    </message>
    <message>
        <source>a boolean</source>
        <translation>um booleano</translation>
    </message>
    <message>
        <source>a number</source>
        <translation>um número</translation>
    </message>
    <message>
        <source>a string</source>
        <translation>uma string</translation>
    </message>
    <message>
        <source>an array</source>
        <translation>um array</translation>
    </message>
    <message>
        <source>Expecting value</source>
        <translation>Um valor era esperado</translation>
    </message>
    <message>
        <source>Expecting &apos;,&apos; delimiter</source>
        <translation>Uma &apos;,&apos; era esperada</translation>
    </message>
    <message>
        <source>Expecting &apos;:&apos; delimiter</source>
        <translation>Um &apos;:&apos; era esperado</translation>
    </message>
    <message>
        <source>Expecting property name enclosed in double quotes</source>
        <translation>Um nome de propriedade entre aspas duplas era esperado</translation>
    </message>
    <message>
        <source>Extra data</source>
        <translation>Há dados a mais</translation>
    </message>
    <message>
        <source>Unterminated string starting at</source>
        <translation>String não terminada, iniciada em</translation>
    </message>
    <message>
        <source>Invalid control character at</source>
        <translation>Caractere de controle inválido em</translation>
    </message>
    <message>
        <source>Invalid \escape</source>
        <translation>Escape \ inválido</translation>
    </message>
    <message>
        <source>Invalid \uXXXX escape</source>
        <translation>Escape \uXXXX inválido</translation>
    </message>
    <message>
        <source>Illegal trailing comma before end of object</source>
        <translation>Vírgula sobrando antes do fim do objeto</translation>
    </message>
    <message>
        <source>Illegal trailing comma before end of array</source>
        <translation>Vírgula sobrando antes do fim do array</translation>
    </message>
    <message>
        <source>{path}: line {line}, column {column}: {problem}</source>
        <translation>{path}: linha {line}, coluna {column}: {problem}</translation>
    </message>
    <message>
        <source>JSON nesting is too deep to read</source>
        <translation>o JSON está aninhado fundo demais para ser lido</translation>
    </message>
    <message>
        <source>{path}: {problem}</source>
        <translation>{path}: {problem}</translation>
    </message>
    <message>
        <source>expected a JSON object at the top level, found {found}</source>
        <translation>um objeto JSON era esperado no nível mais alto, mas há {found}</translation>
    </message>
    <message>
        <source>{path} could not be read ({code})</source>
        <translation>{path} não pôde ser lido ({code})</translation>
    </message>
    <message>
        <source>{error} ({code})</source>
        <translation>{error} ({code})</translation>
    </message>
    <message>
        <source>the file starts with a UTF-8 byte order mark (BOM), which JSON readers such as msd-tools reject; save it as UTF-8 without BOM</source>
        <translation>o arquivo começa com uma marca de ordem de bytes UTF-8 (BOM), que leitores de JSON como o msd-tools rejeitam; salve-o como UTF-8 sem BOM</translation>
    </message>
    <message>
        <source>invalid UTF-8 byte 0x{byte:02x}; the file must be saved as UTF-8</source>
        <translation>byte UTF-8 inválido 0x{byte:02x}; o arquivo precisa ser salvo como UTF-8</translation>
    </message>
    <message>
        <source>{path} changed on disk since it was read; reload before saving</source>
        <translation>{path} mudou no disco desde que foi lido; recarregue antes de salvar</translation>
    </message>
    <message>
        <source>Could not write {path}: {error}</source>
        <translation>Não foi possível gravar {path}: {error}</translation>
    </message>
    <message>
        <source>{what} is not valid UTF-8 text; nothing was written (give it as UTF-8)</source>
        <translation>{what} não é texto UTF-8 válido; nada foi gravado (informe-o em UTF-8)</translation>
    </message>
    <message>
        <source>{what} is not valid UTF-8 (byte 0x{byte:02x} at offset {offset}); nothing was written (give it as UTF-8)</source>
        <translation>{what} não é UTF-8 válido (byte 0x{byte:02x} na posição {offset}); nada foi gravado (informe-o em UTF-8)</translation>
    </message>
    <message>
        <source>Cannot create the planning lock {path}: {error}</source>
        <translation>Não foi possível criar a trava de planejamento {path}: {error}</translation>
    </message>
    <message>
        <source>process {pid}</source>
        <translation>o processo {pid}</translation>
    </message>
    <message>
        <source>another process</source>
        <translation>outro processo</translation>
    </message>
    <message>
        <source>Timed out after {elapsed:.1f} s waiting for the planning lock {path}: held by {holder} since {since}. Try again when it finishes, or delete the lock file if that process is gone.</source>
        <translation>Tempo esgotado após {elapsed:.1f} s esperando a trava de planejamento {path}: ocupada por {holder} desde {since}. Tente de novo quando ele terminar, ou apague o arquivo de trava se esse processo não existir mais.</translation>
    </message>
    <message>
        <source>Timed out after {elapsed:.1f} s waiting for the planning lock {path}: held by {holder}. Try again when it finishes, or delete the lock file if that process is gone.</source>
        <translation>Tempo esgotado após {elapsed:.1f} s esperando a trava de planejamento {path}: ocupada por {holder}. Tente de novo quando ele terminar, ou apague o arquivo de trava se esse processo não existir mais.</translation>
    </message>
    <message>
        <source>it would be {size}, more than {limit}, the largest file msd reads back</source>
        <translation>ficaria com {size}, mais que {limit}, o maior arquivo que o msd lê de volta</translation>
    </message>
    <message>
        <source>it holds a run of more than {digits} digits (in a number or a text)</source>
        <translation>contém uma sequência de mais de {digits} dígitos (em um número ou texto)</translation>
    </message>
    <message>
        <source>Refusing to write {path}: {problem}; msd could not read it back. Nothing was written.</source>
        <translation>Gravação de {path} recusada: {problem}; o msd não conseguiria lê-lo de volta. Nada foi gravado.</translation>
    </message>
    <message>
        <source>a config file</source>
        <translation>um arquivo de configuração</translation>
    </message>
    <message>
        <source>defaults.json</source>
        <translation>defaults.json</translation>
    </message>
    <message>
        <source>the workspace registry</source>
        <translation>o registro de espaços de trabalho</translation>
    </message>
    <message>
        <source>STATE.md</source>
        <translation>STATE.md</translation>
    </message>
    <message>
        <source>a planning Markdown file</source>
        <translation>um arquivo Markdown de planejamento</translation>
    </message>
    <message>
        <source>a workstream pointer</source>
        <translation>um ponteiro de frente de trabalho</translation>
    </message>
    <message>
        <source>an install marker</source>
        <translation>um marcador de instalação</translation>
    </message>
    <message>
        <source>a key file</source>
        <translation>um arquivo de chave</translation>
    </message>
    <message>
        <source>a lock file</source>
        <translation>um arquivo de trava</translation>
    </message>
    <message>
        <source>a cache file</source>
        <translation>um arquivo de cache</translation>
    </message>
    <message>
        <source>a directory</source>
        <translation>um diretório</translation>
    </message>
    <message>
        <source>a FIFO (named pipe)</source>
        <translation>um FIFO (pipe nomeado)</translation>
    </message>
    <message>
        <source>a socket</source>
        <translation>um socket</translation>
    </message>
    <message>
        <source>a device</source>
        <translation>um dispositivo</translation>
    </message>
    <message>
        <source>not a regular file</source>
        <translation>algo que não é um arquivo comum</translation>
    </message>
    <message>
        <source>a symbolic link</source>
        <translation>um link simbólico</translation>
    </message>
    <message>
        <source>a folder</source>
        <translation>uma pasta</translation>
    </message>
    <message>
        <source>The planning lock {path} is {what}, not a lock file; remove it and try again</source>
        <translation>A trava de planejamento {path} é {what}, não um arquivo de trava; remova-a e tente de novo</translation>
    </message>
    <message>
        <source>{path} is {what}, not a regular file; refusing to read it</source>
        <translation>{path} é {what}, não um arquivo comum; a leitura foi recusada</translation>
    </message>
    <message>
        <source>{path} is larger than {limit}, the limit for {kind}; refusing to read it</source>
        <translation>{path} é maior que {limit}, o limite para {kind}; a leitura foi recusada</translation>
    </message>
    <message>
        <source>{path}: line {line}: {problem}</source>
        <translation>{path}: linha {line}: {problem}</translation>
    </message>
    <message>
        <source>a number longer than {digits} digits; refusing to read it</source>
        <translation>um número com mais de {digits} dígitos; a leitura foi recusada</translation>
    </message>
    <message>
        <source>nested deeper than {depth} levels</source>
        <translation>aninhado com mais de {depth} níveis</translation>
    </message>
    <message>
        <source>a key holds a lone UTF-16 surrogate (\ud800–\udfff)</source>
        <translation>uma chave contém um substituto UTF-16 isolado (\ud800–\udfff)</translation>
    </message>
    <message>
        <source>a string holds a lone UTF-16 surrogate (\ud800–\udfff)</source>
        <translation>uma string contém um substituto UTF-16 isolado (\ud800–\udfff)</translation>
    </message>
    <message>
        <source>{folder} cannot be used: {error}</source>
        <translation>{folder} não pode ser usada: {error}</translation>
    </message>
    <message>
        <source>{folder} is not a folder; it is not used</source>
        <translation>{folder} não é uma pasta; não é usada</translation>
    </message>
    <message>
        <source>{folder} belongs to another user (uid {uid}); it is not used</source>
        <translation>{folder} pertence a outro usuário (uid {uid}); não é usada</translation>
    </message>
    <message>
        <source>{folder} can be written by other users (mode {mode}); it is not used</source>
        <translation>{folder} pode ser alterada por outros usuários (modo {mode}); não é usada</translation>
    </message>
    <message>
        <source>Could not create {folder}: {error}</source>
        <translation>Não foi possível criar {folder}: {error}</translation>
    </message>
    <message>
        <source>{path} leads outside its project ({folder} is {real}); not written</source>
        <translation>{path} leva para fora do seu projeto ({folder} é {real}); não foi gravado</translation>
    </message>
    <message>
        <source>The project folder {project} is gone; .planning is not created again there</source>
        <translation>A pasta do projeto {project} não existe mais; .planning não é criada de novo ali</translation>
    </message>
    <message>
        <source>{path} is a symbolic link; not written through it (replace the link with the file itself to change it)</source>
        <translation>{path} é um link simbólico; nada foi gravado através dele (substitua o link pelo próprio arquivo para alterá-lo)</translation>
    </message>
    <message>
        <source>{path} is not a regular file; not written</source>
        <translation>{path} não é um arquivo comum; não foi gravado</translation>
    </message>
    <message>
        <source>{path} is read-only; not written (make it writable to change it)</source>
        <translation>{path} é somente leitura; não foi gravado (permita a gravação para alterá-lo)</translation>
    </message>
    <message>
        <source>{path}: its folder changed while it was written; not written</source>
        <translation>{path}: a pasta mudou durante a gravação; não foi gravado</translation>
    </message>
    <message>
        <source>Cannot use the lock {path}: {error}</source>
        <translation>Não é possível usar a trava {path}: {error}</translation>
    </message>
    <message>
        <source>Timed out after {timeout:.1f} s waiting for {path}: another msd or window is changing it</source>
        <translation>Tempo esgotado após {timeout:.1f} s esperando por {path}: outro msd ou janela está alterando-o</translation>
    </message>
    <message>
        <source>{path} is not a folder</source>
        <translation>{path} não é uma pasta</translation>
    </message>
    <message>
        <source>not written, {error}</source>
        <translation>não gravado, {error}</translation>
    </message>
    <message>
        <source>not written, config.json is not a JSON object</source>
        <translation>não gravado, o config.json não é um objeto JSON</translation>
    </message>
    <message>
        <source>config.json is unusable: {error}</source>
        <translation>o config.json não pode ser usado: {error}</translation>
    </message>
    <message>
        <source>{path} changed on disk</source>
        <translation>{path} mudou no disco</translation>
    </message>
    <message>
        <source>{path} is gone after writing</source>
        <translation>{path} sumiu depois da gravação</translation>
    </message>
    <message>
        <source>already {value}</source>
        <translation>já é {value}</translation>
    </message>
    <message>
        <source>unset</source>
        <translation>removido</translation>
    </message>
    <message>
        <source>{old} → {new}</source>
        <translation>{old} → {new}</translation>
    </message>
    <message>
        <source>changed on disk since you confirmed — not written; reload and try again</source>
        <translation>mudou no disco desde que você confirmou — não gravado; recarregue e tente de novo</translation>
    </message>
    <message>
        <source>only an applied batch can be undone</source>
        <translation>só um lote aplicado pode ser desfeito</translation>
    </message>
    <message>
        <source>a batch of the secret {key} cannot be undone: its earlier value lives in the OS keyring and is not read back</source>
        <translation>um lote do segredo {key} não pode ser desfeito: o valor anterior fica no chaveiro do sistema e não é lido de volta</translation>
    </message>
    <message>
        <source>nothing was written here</source>
        <translation>nada foi gravado aqui</translation>
    </message>
    <message>
        <source>changed on disk since the batch wrote it — left as it is</source>
        <translation>mudou no disco desde que o lote o gravou — deixado como está</translation>
    </message>
    <message>
        <source>This project has no active workstream.</source>
        <translation>Este projeto não tem uma frente de trabalho ativa.</translation>
    </message>
    <message>
        <source>{key} must be a JSON object.</source>
        <translation>{key} precisa ser um objeto JSON.</translation>
    </message>
    <message>
        <source>Cannot save: {error}</source>
        <translation>Não foi possível salvar: {error}</translation>
    </message>
    <message>
        <source>Fix {key} before saving: {error}</source>
        <translation>Corrija {key} antes de salvar: {error}</translation>
    </message>
    <message>
        <source>{path} belongs to another user (uid {uid}); it is not used</source>
        <translation>{path} pertence a outro usuário (uid {uid}); não é usado</translation>
    </message>
    <message>
        <source>{key}: an API key is not written into config.json. Set it in the API keys tab (it goes to the OS keyring); here only true or false is allowed.</source>
        <translation>{key}: uma chave de API não é gravada no config.json. Defina-a na aba Chaves de API (ela vai para o chaveiro do sistema); aqui só true ou false é permitido.</translation>
    </message>
    <message>
        <source>a JSON value</source>
        <translation>um valor JSON</translation>
    </message>
    <message>
        <source>Must be {phrase}.</source>
        <translation>Deve ser {phrase}.</translation>
    </message>
    <message>
        <source>a boolean (true or false)</source>
        <translation>um booleano (true ou false)</translation>
    </message>
    <message>
        <source>an integer {values}, or {last}</source>
        <translation>um inteiro {values} ou {last}</translation>
    </message>
    <message>
        <source>a positive integer</source>
        <translation>um inteiro positivo</translation>
    </message>
    <message>
        <source>a non-negative integer</source>
        <translation>um inteiro não negativo</translation>
    </message>
    <message>
        <source>an integer from {lo} to {hi}</source>
        <translation>um inteiro de {lo} a {hi}</translation>
    </message>
    <message>
        <source>an integer &gt;= {lo}</source>
        <translation>um inteiro &gt;= {lo}</translation>
    </message>
    <message>
        <source>an integer &lt;= {hi}</source>
        <translation>um inteiro &lt;= {hi}</translation>
    </message>
    <message>
        <source>an integer</source>
        <translation>um inteiro</translation>
    </message>
    <message>
        <source>a JSON array</source>
        <translation>um array JSON</translation>
    </message>
    <message>
        <source>a JSON object</source>
        <translation>um objeto JSON</translation>
    </message>
    <message>
        <source>one of {values}</source>
        <translation>um destes: {values}</translation>
    </message>
    <message>
        <source>Valid values: {values}</source>
        <translation>Valores válidos: {values}</translation>
    </message>
    <message>
        <source>{first} or {second}</source>
        <translation>{first} ou {second}</translation>
    </message>
    <message>
        <source>Must be a positive integer (token count).</source>
        <translation>Deve ser um inteiro positivo (número de tokens).</translation>
    </message>
    <message>
        <source>Invalid {key} &apos;{raw}&apos;. {expectation}</source>
        <translation>Valor inválido para {key}: &apos;{raw}&apos;. {expectation}</translation>
    </message>
    <message>
        <source>a config history file</source>
        <translation>um arquivo do histórico de configuração</translation>
    </message>
    <message>
        <source>the JSON text has not been read as settings yet</source>
        <translation>o texto JSON ainda não foi lido como configurações</translation>
    </message>
    <message>
        <source>The JSON tab&apos;s text cannot be saved: {error}. Fix it there, or revert it.</source>
        <translation>O texto da aba JSON não pode ser salvo: {error}. Corrija-o lá, ou reverta-o.</translation>
    </message>
    <message>
        <source>{path} belongs to another user (uid {uid}); not written</source>
        <translation>{path} pertence a outro usuário (uid {uid}); não foi gravado</translation>
    </message>
    <message>
        <source>Usage: config-set &lt;key.path&gt; &lt;value&gt;</source>
        <translation>Uso: config-set &lt;key.path&gt; &lt;value&gt;</translation>
    </message>
    <message>
        <source>Usage: config-get &lt;key.path&gt; [--default &lt;value&gt;]</source>
        <translation>Uso: config-get &lt;key.path&gt; [--default &lt;value&gt;]</translation>
    </message>
    <message>
        <source>Unknown config key: &quot;{key}&quot;. Valid keys: {listed}</source>
        <translation>Chave de configuração desconhecida: &quot;{key}&quot;. Chaves válidas: {listed}</translation>
    </message>
    <message>
        <source>Unknown config key: {key}. Did you mean {suggestion}?</source>
        <translation>Chave de configuração desconhecida: {key}. Você quis dizer {suggestion}?</translation>
    </message>
    <message>
        <source>Invalid config key (prototype pollution guard): {key}</source>
        <translation>Chave de configuração inválida (proteção contra poluição de protótipo): {key}</translation>
    </message>
    <message>
        <source>Invalid ship.pr_body_sections value. Expected a JSON array of section objects.</source>
        <translation>Valor inválido para ship.pr_body_sections. Era esperado um array JSON de objetos de seção.</translation>
    </message>
    <message>
        <source>Invalid ship.pr_body_sections[{index}]. Expected an object.</source>
        <translation>ship.pr_body_sections[{index}] inválido. Era esperado um objeto.</translation>
    </message>
    <message>
        <source>Invalid ship.pr_body_sections[{index}]. Unknown field(s): {fields}.</source>
        <translation>ship.pr_body_sections[{index}] inválido. Campo(s) desconhecido(s): {fields}.</translation>
    </message>
    <message>
        <source>Invalid ship.pr_body_sections[{index}]. heading must be a non-empty string.</source>
        <translation>ship.pr_body_sections[{index}] inválido. heading precisa ser uma string não vazia.</translation>
    </message>
    <message>
        <source>Invalid ship.pr_body_sections[{index}]. heading must be a single line.</source>
        <translation>ship.pr_body_sections[{index}] inválido. heading precisa ter uma única linha.</translation>
    </message>
    <message>
        <source>Invalid ship.pr_body_sections[{index}]. enabled must be true or false.</source>
        <translation>ship.pr_body_sections[{index}] inválido. enabled precisa ser true ou false.</translation>
    </message>
    <message>
        <source>Invalid ship.pr_body_sections[{index}]. {name} must be a string.</source>
        <translation>ship.pr_body_sections[{index}] inválido. {name} precisa ser uma string.</translation>
    </message>
    <message>
        <source>Invalid ship.pr_body_sections[{index}]. Provide at least one of source, fallback, or template.</source>
        <translation>ship.pr_body_sections[{index}] inválido. Informe pelo menos um entre source, fallback ou template.</translation>
    </message>
    <message>
        <source>Invalid ship.pr_body_sections[{index}]. source must use selectors like &quot;PLAN.md ## Risks&quot;, separated with &quot;||&quot;.</source>
        <translation>ship.pr_body_sections[{index}] inválido. source precisa usar seletores como &quot;PLAN.md ## Risks&quot;, separados por &quot;||&quot;.</translation>
    </message>
    <message>
        <source>Invalid ship.pr_body_sections[{index}]. Unsupported template token: {{{token}}}.</source>
        <translation>ship.pr_body_sections[{index}] inválido. Token de template não suportado: {{{token}}}.</translation>
    </message>
    <message>
        <source>review.default_reviewers must be a JSON array of reviewer slugs</source>
        <translation>review.default_reviewers precisa ser um array JSON de slugs de revisores</translation>
    </message>
    <message>
        <source>review.default_reviewers cannot be empty</source>
        <translation>review.default_reviewers não pode ficar vazio</translation>
    </message>
    <message>
        <source>review.default_reviewers must contain only string slugs</source>
        <translation>review.default_reviewers só pode conter slugs em texto</translation>
    </message>
    <message>
        <source>invalid reviewer slug in review.default_reviewers: {slug}</source>
        <translation>slug de revisor inválido em review.default_reviewers: {slug}</translation>
    </message>
    <message>
        <source>Invalid reviewer instance name &apos;{name}&apos;. Must match ^[a-z0-9][a-z0-9-]*$.</source>
        <translation>Nome de instância de revisor inválido: &apos;{name}&apos;. Deve corresponder a ^[a-z0-9][a-z0-9-]*$.</translation>
    </message>
    <message>
        <source>Reviewer instance name &apos;{name}&apos; must not equal a built-in reviewer slug.</source>
        <translation>O nome de instância de revisor &apos;{name}&apos; não pode ser igual ao slug de um revisor embutido.</translation>
    </message>
    <message>
        <source>Invalid reviewer_instances.{name}.cli &apos;{raw}&apos;. Must be a known reviewer adapter: {adapters}.</source>
        <translation>Valor inválido para reviewer_instances.{name}.cli: &apos;{raw}&apos;. Deve ser um adaptador de revisor conhecido: {adapters}.</translation>
    </message>
    <message>
        <source>Invalid reviewer_instances.{name}.{field} &apos;{raw}&apos;. Must be a string.</source>
        <translation>Valor inválido para reviewer_instances.{name}.{field}: &apos;{raw}&apos;. Deve ser uma string.</translation>
    </message>
    <message>
        <source>Invalid {key} &apos;{raw}&apos;. Must be skill paths inside the project (or global:&lt;name&gt;). {why}</source>
        <translation>Valor inválido para {key}: &apos;{raw}&apos;. Devem ser caminhos de skills dentro do projeto (ou global:&lt;name&gt;). {why}</translation>
    </message>
    <message>
        <source>Failed to read config.json: {error}</source>
        <translation>Falha ao ler o config.json: {error}</translation>
    </message>
    <message>
        <source>Key not found: {key}</source>
        <translation>Chave não encontrada: {key}</translation>
    </message>
    <message>
        <source>No config.json found at {path}</source>
        <translation>Nenhum config.json encontrado em {path}</translation>
    </message>
    <message>
        <source>Global skill &apos;{value}&apos; must be &apos;global:&lt;name&gt;&apos; with a name of letters, digits, &apos;-&apos; or &apos;_&apos; (&apos;:&apos; between plugin namespace parts).</source>
        <translation>A skill global &apos;{value}&apos; precisa ser &apos;global:&lt;name&gt;&apos;, com um nome de letras, dígitos, &apos;-&apos; ou &apos;_&apos; (&apos;:&apos; entre as partes do namespace do plugin).</translation>
    </message>
    <message>
        <source>A skill path is empty.</source>
        <translation>Um caminho de skill está vazio.</translation>
    </message>
    <message>
        <source>Skill path {value!r} contains a NUL character.</source>
        <translation>O caminho de skill {value!r} contém um caractere NUL.</translation>
    </message>
    <message>
        <source>Skill path &apos;{value}&apos; must be relative to the project (no &apos;~&apos; or absolute paths).</source>
        <translation>O caminho de skill &apos;{value}&apos; precisa ser relativo ao projeto (sem &apos;~&apos; nem caminhos absolutos).</translation>
    </message>
    <message>
        <source>Skill path &apos;{value}&apos; must be relative to the project (no absolute paths).</source>
        <translation>O caminho de skill &apos;{value}&apos; precisa ser relativo ao projeto (sem caminhos absolutos).</translation>
    </message>
    <message>
        <source>Skill path &apos;{value}&apos; must not contain &apos;..&apos;.</source>
        <translation>O caminho de skill &apos;{value}&apos; não pode conter &apos;..&apos;.</translation>
    </message>
    <message>
        <source>Skill path &apos;{value}&apos; leads outside the project (through a symlink).</source>
        <translation>O caminho de skill &apos;{value}&apos; leva para fora do projeto (por um link simbólico).</translation>
    </message>
    <message>
        <source>{error} — its settings were NOT applied</source>
        <translation>{error} — as configurações dele NÃO foram aplicadas</translation>
    </message>
    <message>
        <source>workstream &apos;{workstream}&apos; has no config.json at {path}; using {fallback} instead</source>
        <translation>a frente de trabalho &apos;{workstream}&apos; não tem config.json em {path}; usando {fallback} no lugar</translation>
    </message>
    <message>
        <source>Cannot migrate {error}</source>
        <translation>Não foi possível migrar {error}</translation>
    </message>
    <message>
        <source>{name}: line {line} is damaged; it was skipped</source>
        <translation>{name}: a linha {line} está danificada; foi ignorada</translation>
    </message>
    <message>
        <source>The config history could not record {path}: {error}</source>
        <translation>O histórico de configuração não pôde registrar {path}: {error}</translation>
    </message>
    <message>
        <source>The config history at {folder} cannot be used: {error}</source>
        <translation>O histórico de configuração em {folder} não pode ser usado: {error}</translation>
    </message>
    <message>
        <source>The config history at {folder} is a symbolic link; it is not used</source>
        <translation>O histórico de configuração em {folder} é um link simbólico; não é usado</translation>
    </message>
    <message>
        <source>{path} is not a regular file; the config history does not read it</source>
        <translation>{path} não é um arquivo comum; o histórico de configuração não o lê</translation>
    </message>
    <message>
        <source>{path} belongs to another user (uid {uid}); the config history does not read it</source>
        <translation>{path} pertence a outro usuário (uid {uid}); o histórico de configuração não o lê</translation>
    </message>
    <message>
        <source>Entry {id} has no stored content ({state})</source>
        <translation>A entrada {id} não tem conteúdo guardado ({state})</translation>
    </message>
    <message>
        <source>config.json is not a JSON object</source>
        <translation>config.json não é um objeto JSON</translation>
    </message>
    <message>
        <source>not copied, an API key is set in each project&apos;s API keys tab</source>
        <translation>não copiada: uma chave de API é definida na aba Chaves de API de cada projeto</translation>
    </message>
    <message>
        <source>Did you mean {names}?</source>
        <translation>Você quis dizer {names}?</translation>
    </message>
    <message>
        <source>{agent} is not a known agent. Did you mean {names}?</source>
        <translation>{agent} não é um agente conhecido. Você quis dizer {names}?</translation>
    </message>
    <message>
        <source>The snapshot of entry {id} is not a JSON object; it cannot be restored</source>
        <translation>O instantâneo da entrada {id} não é um objeto JSON; não pode ser restaurado</translation>
    </message>
    <message>
        <source>{key}: the snapshot had another value; a restore never writes a secret, the current one is kept</source>
        <translation>{key}: o instantâneo tinha outro valor; uma restauração nunca grava um segredo, o atual é mantido</translation>
    </message>
    <message>
        <source>The snapshot holds values a save would refuse; nothing was written: {problems}</source>
        <translation>O instantâneo contém valores que um salvamento recusaria; nada foi gravado: {problems}</translation>
    </message>
    <message>
        <source>Cannot restore into {error}</source>
        <translation>Não é possível restaurar em {error}</translation>
    </message>
    <message>
        <source>{path}: the history has no state from before the batch</source>
        <translation>{path}: o histórico não tem um estado de antes do lote</translation>
    </message>
    <message>
        <source>No history entry belongs to batch {batch}</source>
        <translation>Nenhuma entrada do histórico pertence ao lote {batch}</translation>
    </message>
    <message>
        <source>The snapshot of entry {id} is missing or damaged</source>
        <translation>O instantâneo da entrada {id} está ausente ou danificado</translation>
    </message>
    <message>
        <source>{path} is larger than 1 MiB; this state of it is not kept in the config history</source>
        <translation>{path} é maior que 1 MiB; este estado dele não é guardado no histórico de configuração</translation>
    </message>
    <message>
        <source>No history entry {id} for this file</source>
        <translation>Não há entrada {id} no histórico deste arquivo</translation>
    </message>
    <message>
        <source>History entry {id} is ambiguous; give more of its id</source>
        <translation>A entrada {id} do histórico é ambígua; informe mais do seu id</translation>
    </message>
    <message>
        <source>model-catalog.json is not a JSON object: {path}</source>
        <translation>model-catalog.json não é um objeto JSON: {path}</translation>
    </message>
    <message>
        <source>model-catalog.json not found. Tried:
{tried}
Last error: {last_error}</source>
        <translation>model-catalog.json não encontrado. Tentativas:
{tried}
Último erro: {last_error}</translation>
    </message>
    <message>
        <source>--attempt requires a non-negative integer</source>
        <translation>--attempt exige um inteiro não negativo</translation>
    </message>
    <message>
        <source>--failure-class must be one of: {classes}</source>
        <translation>--failure-class precisa ser um destes: {classes}</translation>
    </message>
    <message>
        <source>agent-type required</source>
        <translation>agent-type é obrigatório</translation>
    </message>
    <message>
        <source>not reached: {winner} applied</source>
        <translation>não alcançada: {winner} foi aplicada</translation>
    </message>
    <message>
        <source>no --effort given</source>
        <translation>nenhum --effort informado</translation>
    </message>
    <message>
        <source>invocation override</source>
        <translation>substituição na chamada</translation>
    </message>
    <message>
        <source>&apos;{override}&apos; is not an effort level</source>
        <translation>&apos;{override}&apos; não é um nível de esforço</translation>
    </message>
    <message>
        <source>no effort block (built-in agent_overrides is empty)</source>
        <translation>nenhum bloco effort (o agent_overrides embutido está vazio)</translation>
    </message>
    <message>
        <source>effort.agent_overrides is not an object</source>
        <translation>effort.agent_overrides não é um objeto</translation>
    </message>
    <message>
        <source>effort.agent_overrides.{name}</source>
        <translation>effort.agent_overrides.{name}</translation>
    </message>
    <message>
        <source>no entry for {name}</source>
        <translation>nenhuma entrada para {name}</translation>
    </message>
    <message>
        <source>&apos;{value}&apos; is not an effort level</source>
        <translation>&apos;{value}&apos; não é um nível de esforço</translation>
    </message>
    <message>
        <source>{name} has no routing tier</source>
        <translation>{name} não tem nível de roteamento</translation>
    </message>
    <message>
        <source>effort.routing_tier_defaults.{tier_key}</source>
        <translation>effort.routing_tier_defaults.{tier_key}</translation>
    </message>
    <message>
        <source>no effort block</source>
        <translation>nenhum bloco effort</translation>
    </message>
    <message>
        <source>no valid effort.routing_tier_defaults.{tier_key}</source>
        <translation>nenhum effort.routing_tier_defaults.{tier_key} válido</translation>
    </message>
    <message>
        <source>built-in default for the {tier_key} tier</source>
        <translation>padrão embutido para o nível {tier_key}</translation>
    </message>
    <message>
        <source>no built-in default for &apos;{tier_key}&apos;</source>
        <translation>nenhum padrão embutido para &apos;{tier_key}&apos;</translation>
    </message>
    <message>
        <source>built-in effort.default</source>
        <translation>effort.default embutido</translation>
    </message>
    <message>
        <source>effort.default</source>
        <translation>effort.default</translation>
    </message>
    <message>
        <source>effort.default is not an effort level</source>
        <translation>effort.default não é um nível de esforço</translation>
    </message>
    <message>
        <source>hard-coded default</source>
        <translation>padrão fixo no código</translation>
    </message>
    <message>
        <source>ignored: --attempt given</source>
        <translation>ignorado: --attempt informado</translation>
    </message>
    <message>
        <source>dynamic_routing.enabled is not true</source>
        <translation>dynamic_routing.enabled não é true</translation>
    </message>
    <message>
        <source>dynamic_routing.escalate_on_failure is false</source>
        <translation>dynamic_routing.escalate_on_failure é false</translation>
    </message>
    <message>
        <source>attempt {n}: no escalation from &apos;{value}&apos;</source>
        <translation>tentativa {n}: sem escalonamento a partir de &apos;{value}&apos;</translation>
    </message>
    <message>
        <source>attempt {n}: escalated from &apos;{value}&apos;</source>
        <translation>tentativa {n}: escalonado a partir de &apos;{value}&apos;</translation>
    </message>
    <message>
        <source>no --fast-mode given</source>
        <translation>nenhum --fast-mode informado</translation>
    </message>
    <message>
        <source>--fast-mode is not true/false</source>
        <translation>--fast-mode não é true/false</translation>
    </message>
    <message>
        <source>no fast_mode block</source>
        <translation>nenhum bloco fast_mode</translation>
    </message>
    <message>
        <source>fast_mode.agent_overrides.{name}</source>
        <translation>fast_mode.agent_overrides.{name}</translation>
    </message>
    <message>
        <source>fast_mode.agent_overrides is not an object</source>
        <translation>fast_mode.agent_overrides não é um objeto</translation>
    </message>
    <message>
        <source>no boolean entry for {name}</source>
        <translation>nenhuma entrada booleana para {name}</translation>
    </message>
    <message>
        <source>fast_mode.routing_tier_defaults.{tier_key}</source>
        <translation>fast_mode.routing_tier_defaults.{tier_key}</translation>
    </message>
    <message>
        <source>no boolean for tier {tier_key}</source>
        <translation>nenhum booleano para o nível {tier_key}</translation>
    </message>
    <message>
        <source>fast_mode.routing_tier_defaults is not an object</source>
        <translation>fast_mode.routing_tier_defaults não é um objeto</translation>
    </message>
    <message>
        <source>a fast_mode block exists: built-in tier defaults not used</source>
        <translation>existe um bloco fast_mode: os padrões embutidos por nível não são usados</translation>
    </message>
    <message>
        <source>fast_mode.enabled</source>
        <translation>fast_mode.enabled</translation>
    </message>
    <message>
        <source>fast_mode.enabled is not a boolean</source>
        <translation>fast_mode.enabled não é um booleano</translation>
    </message>
    <message>
        <source>no install marker found</source>
        <translation>nenhum marcador de instalação encontrado</translation>
    </message>
    <message>
        <source>{variable} install marker {path}</source>
        <translation>marcador de instalação de {variable} {path}</translation>
    </message>
    <message>
        <source>{path} is {status}</source>
        <translation>{path}: {status}</translation>
    </message>
    <message>
        <source>there is no {path}</source>
        <translation>não existe {path}</translation>
    </message>
    <message>
        <source>{variable} is set but {detail}</source>
        <translation>{variable} está definida, mas {detail}</translation>
    </message>
    <message>
        <source>{variable}={value} names no usable install marker ({detail}); the install marker is ignored</source>
        <translation>{variable}={value} não indica nenhum marcador de instalação utilizável ({detail}); o marcador de instalação é ignorado</translation>
    </message>
    <message>
        <source>project-local</source>
        <translation>local do projeto</translation>
    </message>
    <message>
        <source>global</source>
        <translation>global</translation>
    </message>
    <message>
        <source>{where} install marker {path} (over 1 global install marker)</source>
        <translation>marcador de instalação {where} {path} (acima de 1 marcador de instalação global)</translation>
    </message>
    <message>
        <source>{where} install marker {path} (over {count} global install markers)</source>
        <translation>marcador de instalação {where} {path} (acima de {count} marcadores de instalação globais)</translation>
    </message>
    <message>
        <source>{where} install marker {path}</source>
        <translation>marcador de instalação {where} {path}</translation>
    </message>
    <message>
        <source>{where} install markers disagree ({listing}); none is used</source>
        <translation>os marcadores de instalação {where} discordam ({listing}); nenhum é usado</translation>
    </message>
    <message>
        <source>{where} install markers name different runtimes ({listing}); which one runs depends on the runtime you start, so none is used and the active runtime falls back to claude. Set MSD_RUNTIME, &quot;runtime&quot; in the project config, or {variable} to choose.</source>
        <translation>os marcadores de instalação {where} indicam runtimes diferentes ({listing}); qual deles roda depende do runtime que você inicia, então nenhum é usado e o runtime ativo volta para claude. Defina MSD_RUNTIME, &quot;runtime&quot; na configuração do projeto ou {variable} para escolher.</translation>
    </message>
    <message>
        <source>no usable install marker: {skipped}</source>
        <translation>nenhum marcador de instalação utilizável: {skipped}</translation>
    </message>
    <message>
        <source>not valid TOML: {error}</source>
        <translation>TOML inválido: {error}</translation>
    </message>
    <message>
        <source>{path} is a link to nothing</source>
        <translation>{path} é um link para nada</translation>
    </message>
    <message>
        <source>{path}: {error}</source>
        <translation>{path}: {error}</translation>
    </message>
    <message>
        <source>config key &quot;runtime&quot; has unknown value &quot;{runtime}&quot;. Known runtimes: {known}. Resolution will fall back to safe defaults. (#2517)</source>
        <translation>a chave de configuração &quot;runtime&quot; tem o valor desconhecido &quot;{runtime}&quot;. Runtimes conhecidos: {known}. A resolução vai usar padrões seguros. (#2517)</translation>
    </message>
    <message>
        <source>{path} exists; recreating it from the history would overwrite it, so nothing was written</source>
        <translation>{path} existe; recriá-lo a partir do histórico o sobrescreveria, então nada foi gravado</translation>
    </message>
    <message>
        <source>the restore created this file; it is left as it is</source>
        <translation>a restauração criou este arquivo; ele fica como está</translation>
    </message>
    <message>
        <source>changed on disk since the restore wrote it — left as it is</source>
        <translation>mudou no disco desde que a restauração o gravou — fica como está</translation>
    </message>
    <message>
        <source>{path} is not a config file the model resolver reads</source>
        <translation>{path} não é um arquivo de configuração que o resolvedor de modelos lê</translation>
    </message>
    <message>
        <source>{prefix}.{o_runtime}.* uses unknown runtime &quot;{o_runtime}&quot;. Known runtimes: {known}. ({ref})</source>
        <translation>{prefix}.{o_runtime}.* usa o runtime desconhecido &quot;{o_runtime}&quot;. Runtimes conhecidos: {known}. ({ref})</translation>
    </message>
    <message>
        <source>{prefix}.{o_runtime}.{tier_name} uses unknown tier &quot;{tier_name}&quot;. {allowed_label}: opus, sonnet, haiku. ({ref})</source>
        <translation>{prefix}.{o_runtime}.{tier_name} usa o nível desconhecido &quot;{tier_name}&quot;. {allowed_label}: opus, sonnet, haiku. ({ref})</translation>
    </message>
    <message>
        <source>Allowed tiers</source>
        <translation>Níveis permitidos</translation>
    </message>
    <message>
        <source>model_policy.provider has unknown value &quot;{provider}&quot;. Known providers: {providers}. For manual model IDs use provider=&quot;custom&quot;. (#49)</source>
        <translation>model_policy.provider tem o valor desconhecido &quot;{provider}&quot;. Provedores conhecidos: {providers}. Para IDs de modelo manuais, use provider=&quot;custom&quot;. (#49)</translation>
    </message>
    <message>
        <source>Allowed</source>
        <translation>Permitidos</translation>
    </message>
    <message>
        <source>claude (default)</source>
        <translation>claude (padrão)</translation>
    </message>
    <message>
        <source>model_overrides is not set</source>
        <translation>model_overrides não está definido</translation>
    </message>
    <message>
        <source>no entry for {agent}</source>
        <translation>nenhuma entrada para {agent}</translation>
    </message>
    <message>
        <source>entry is empty (ignored)</source>
        <translation>a entrada está vazia (ignorada)</translation>
    </message>
    <message>
        <source>non-string value returned verbatim</source>
        <translation>valor que não é string, devolvido como está</translation>
    </message>
    <message>
        <source>runtime is {runtime_label}: value used verbatim</source>
        <translation>o runtime é {runtime_label}: valor usado como está</translation>
    </message>
    <message>
        <source>Claude model ID mapped to its agent alias &apos;{alias}&apos;</source>
        <translation>ID de modelo Claude mapeado para o alias de agente &apos;{alias}&apos;</translation>
    </message>
    <message>
        <source>Claude agent alias</source>
        <translation>alias de agente Claude</translation>
    </message>
    <message>
        <source>model_overrides value &quot;{value}&quot; for {agent} has no Claude agent alias; falling through to tier resolution.</source>
        <translation>o valor &quot;{value}&quot; de model_overrides para {agent} não tem alias de agente Claude; segue para a resolução por nível.</translation>
    </message>
    <message>
        <source>value &apos;{ov}&apos; has no Claude alias; falling through</source>
        <translation>o valor &apos;{ov}&apos; não tem alias Claude; segue para a próxima camada</translation>
    </message>
    <message>
        <source>value used verbatim</source>
        <translation>valor usado como está</translation>
    </message>
    <message>
        <source>model_policy is not set</source>
        <translation>model_policy não está definido</translation>
    </message>
    <message>
        <source>tier is {tier}: model_policy not used</source>
        <translation>o nível é {tier}: model_policy não é usado</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>desconhecido</translation>
    </message>
    <message>
        <source>no model_policy entry for tier {tier}</source>
        <translation>nenhuma entrada de model_policy para o nível {tier}</translation>
    </message>
    <message>
        <source>{source} for tier {tier} (full ID on {runtime_label})</source>
        <translation>{source} para o nível {tier} (ID completo em {runtime_label})</translation>
    </message>
    <message>
        <source>{source}: Claude model ID mapped to alias &apos;{alias}&apos;</source>
        <translation>{source}: ID de modelo Claude mapeado para o alias &apos;{alias}&apos;</translation>
    </message>
    <message>
        <source>{source}: Claude agent alias</source>
        <translation>{source}: alias de agente Claude</translation>
    </message>
    <message>
        <source>model_policy resolved &quot;{shown}&quot; for {agent}, but it has no Claude agent alias; using &quot;{tier}&quot; instead.</source>
        <translation>model_policy resolveu &quot;{shown}&quot; para {agent}, mas não há alias de agente Claude; usando &quot;{tier}&quot; no lugar.</translation>
    </message>
    <message>
        <source>value &apos;{shown}&apos; has no Claude alias; falling through</source>
        <translation>o valor &apos;{shown}&apos; não tem alias Claude; segue para a próxima camada</translation>
    </message>
    <message>
        <source>runtime is {runtime_label}: built-in runtime tiers not used</source>
        <translation>o runtime é {runtime_label}: os níveis embutidos do runtime não são usados</translation>
    </message>
    <message>
        <source>tier is {tier}: runtime tiers not used</source>
        <translation>o nível é {tier}: os níveis do runtime não são usados</translation>
    </message>
    <message>
        <source>no model_profile_overrides.{key}.{tier}</source>
        <translation>nenhum model_profile_overrides.{key}.{tier}</translation>
    </message>
    <message>
        <source>entry has no model (other fields merged into the built-in)</source>
        <translation>a entrada não tem modelo (os outros campos foram mesclados ao embutido)</translation>
    </message>
    <message>
        <source>entry&apos;s model is empty; falling through</source>
        <translation>o modelo da entrada está vazio; segue para a próxima camada</translation>
    </message>
    <message>
        <source>model_profile_overrides.{key}.{tier}</source>
        <translation>model_profile_overrides.{key}.{tier}</translation>
    </message>
    <message>
        <source>no built-in tier map for runtime &apos;{key}&apos;</source>
        <translation>nenhum mapa de níveis embutido para o runtime &apos;{key}&apos;</translation>
    </message>
    <message>
        <source>merged entry has no model; falling through</source>
        <translation>a entrada mesclada não tem modelo; segue para a próxima camada</translation>
    </message>
    <message>
        <source>built-in {key} tier {tier}</source>
        <translation>{key} embutido, nível {tier}</translation>
    </message>
    <message>
        <source>resolve_model_ids is not &quot;omit&quot;</source>
        <translation>resolve_model_ids não é &quot;omit&quot;</translation>
    </message>
    <message>
        <source>the project config sets &quot;omit&quot;</source>
        <translation>a configuração do projeto define &quot;omit&quot;</translation>
    </message>
    <message>
        <source>install marker {path}</source>
        <translation>marcador de instalação {path}</translation>
    </message>
    <message>
        <source>install marker</source>
        <translation>marcador de instalação</translation>
    </message>
    <message>
        <source>default; {reason}</source>
        <translation>padrão; {reason}</translation>
    </message>
    <message>
        <source>no install marker</source>
        <translation>nenhum marcador de instalação</translation>
    </message>
    <message>
        <source>active runtime {runtime} (from {how})</source>
        <translation>runtime ativo {runtime} (de {how})</translation>
    </message>
    <message>
        <source>{label} has no native model aliases</source>
        <translation>{label} não tem aliases de modelo nativos</translation>
    </message>
    <message>
        <source>&quot;omit&quot; comes only from global defaults and {label} has native aliases</source>
        <translation>&quot;omit&quot; vem só dos padrões globais e {label} tem aliases nativos</translation>
    </message>
    <message>
        <source>{agent} is a catalog agent</source>
        <translation>{agent} é um agente do catálogo</translation>
    </message>
    <message>
        <source>unknown agent: default for profile {profile}</source>
        <translation>agente desconhecido: padrão para o perfil {profile}</translation>
    </message>
    <message>
        <source>tier is inherit (use the session model)</source>
        <translation>o nível é inherit (usa o modelo da sessão)</translation>
    </message>
    <message>
        <source>tier is {tier}</source>
        <translation>o nível é {tier}</translation>
    </message>
    <message>
        <source>resolve_model_ids is not true</source>
        <translation>resolve_model_ids não é true</translation>
    </message>
    <message>
        <source>resolve_model_ids: true materializes the full ID</source>
        <translation>resolve_model_ids: true materializa o ID completo</translation>
    </message>
    <message>
        <source>tier alias</source>
        <translation>alias do nível</translation>
    </message>
    <message>
        <source>model_policy on a non-Claude runtime: static resolution</source>
        <translation>model_policy em um runtime que não é Claude: resolução estática</translation>
    </message>
    <message>
        <source>dynamic_routing.tier_models is not an object</source>
        <translation>dynamic_routing.tier_models não é um objeto</translation>
    </message>
    <message>
        <source>{agent} has no routing tier</source>
        <translation>{agent} não tem nível de roteamento</translation>
    </message>
    <message>
        <source>dynamic_routing.tier_models.{tier} is not a model name</source>
        <translation>dynamic_routing.tier_models.{tier} não é um nome de modelo</translation>
    </message>
    <message>
        <source>attempt {attempt}: routing tier {tier}</source>
        <translation>tentativa {attempt}: nível de roteamento {tier}</translation>
    </message>
    <message>
        <source>not reached: {layer} applied</source>
        <translation>não alcançada: {layer} foi aplicada</translation>
    </message>
    <message>
        <source>the MSD_RUNTIME variable</source>
        <translation>a variável MSD_RUNTIME</translation>
    </message>
    <message>
        <source>the runtime key of the config</source>
        <translation>a chave runtime da configuração</translation>
    </message>
    <message>
        <source>no install marker looked up</source>
        <translation>nenhum marcador de instalação consultado</translation>
    </message>
    <message>
        <source>built in: claude when no rung names a runtime</source>
        <translation>embutido: claude quando nenhum degrau indica um runtime</translation>
    </message>
    <message>
        <source>&quot;{key}&quot; comes from {path}, which every project on this machine without a .planning folder shares; set it in the project config to pin it</source>
        <translation>&quot;{key}&quot; vem de {path}, compartilhado por todo projeto desta máquina sem pasta .planning; defina-o na configuração do projeto para fixá-lo</translation>
    </message>
    <message>
        <source>Unknown secret key: {key}. Secret keys: {keys}</source>
        <translation>Chave secreta desconhecida: {key}. Chaves secretas: {keys}</translation>
    </message>
    <message>
        <source>{root}: the project folder&apos;s name is not valid UTF-8, and keyring entries are named in UTF-8; nothing was stored. Store the key for every project instead (msd secrets set KEY --stdin, without --project), or rename the folder.</source>
        <translation>{root}: o nome da pasta do projeto não é UTF-8 válido, e as entradas do chaveiro são nomeadas em UTF-8; nada foi armazenado. Armazene a chave para todos os projetos (msd secrets set KEY --stdin, sem --project) ou renomeie a pasta.</translation>
    </message>
    <message>
        <source>Install and start a Secret Service provider in your desktop session (the gnome-keyring package, or KeePassXC with its Secret Service integration). On a headless machine run inside `dbus-run-session` with an unlocked `gnome-keyring-daemon --unlock`.</source>
        <translation>Instale e inicie um provedor de Secret Service na sua sessão do desktop (o pacote gnome-keyring, ou o KeePassXC com a integração de Secret Service). Em uma máquina sem interface gráfica, rode dentro de `dbus-run-session` com um `gnome-keyring-daemon --unlock` desbloqueado.</translation>
    </message>
    <message>
        <source>Install a keyring backend supported by the Python `keyring` package.</source>
        <translation>Instale um backend de chaveiro suportado pelo pacote Python `keyring`.</translation>
    </message>
    <message>
        <source>The Python package `keyring` is not installed (pip install keyring).</source>
        <translation>O pacote Python `keyring` não está instalado (pip install keyring).</translation>
    </message>
    <message>
        <source>The keyring could not be loaded: {error}</source>
        <translation>Não foi possível carregar o chaveiro: {error}</translation>
    </message>
    <message>
        <source> (PYTHON_KEYRING_BACKEND={value})</source>
        <translation> (PYTHON_KEYRING_BACKEND={value})</translation>
    </message>
    <message>
        <source>No usable OS keyring was found{forced_note}. {install_hint}</source>
        <translation>Nenhum chaveiro do sistema utilizável foi encontrado{forced_note}. {install_hint}</translation>
    </message>
    <message>
        <source>The keyring is set to the null backend{forced_note}, which stores nothing. Unset PYTHON_KEYRING_BACKEND or remove it from keyringrc.cfg.</source>
        <translation>O chaveiro está configurado com o backend nulo{forced_note}, que não guarda nada. Remova PYTHON_KEYRING_BACKEND ou tire-o do keyringrc.cfg.</translation>
    </message>
    <message>
        <source>The keyring backend {name} stores secrets unencrypted on disk, so MSD refuses it{forced_note}. {install_hint}</source>
        <translation>O backend de chaveiro {name} guarda segredos sem criptografia no disco, por isso o MSD o recusa{forced_note}. {install_hint}</translation>
    </message>
    <message>
        <source>The OS keyring is locked and could not be unlocked (the unlock prompt was dismissed or could not be shown: {text}). Unlock your login keyring (log in to the desktop session, or open Passwords and Keys / Seahorse and unlock it) and try again; on a headless machine start `gnome-keyring-daemon --unlock` inside `dbus-run-session`.</source>
        <translation>O chaveiro do sistema está bloqueado e não pôde ser desbloqueado (o pedido de desbloqueio foi fechado ou não pôde ser exibido: {text}). Desbloqueie seu chaveiro de login (entre na sessão do desktop, ou abra Senhas e chaves / Seahorse e desbloqueie-o) e tente de novo; em uma máquina sem interface gráfica, inicie `gnome-keyring-daemon --unlock` dentro de `dbus-run-session`.</translation>
    </message>
    <message>
        <source>The OS keyring ({backend}) does not answer: {text}. {install_hint}</source>
        <translation>O chaveiro do sistema ({backend}) não responde: {text}. {install_hint}</translation>
    </message>
    <message>
        <source>The value for {key} is empty.</source>
        <translation>O valor de {key} está vazio.</translation>
    </message>
    <message>
        <source>The OS keyring ({backend_name}) accepted {key} but does not return it.</source>
        <translation>O chaveiro do sistema ({backend_name}) aceitou {key}, mas não o devolve.</translation>
    </message>
    <message>
        <source>{path}: not a JSON object</source>
        <translation>{path}: não é um objeto JSON</translation>
    </message>
    <message>
        <source>Cannot migrate {why}</source>
        <translation>Não foi possível migrar {why}</translation>
    </message>
    <message>
        <source>{reason} Nothing was migrated; {path} is unchanged.</source>
        <translation>{reason} Nada foi migrado; {path} não foi alterado.</translation>
    </message>
    <message>
        <source>Cannot update {why}</source>
        <translation>Não foi possível atualizar {why}</translation>
    </message>
    <message>
        <source>Usage: msd run -- COMMAND [ARGS…]</source>
        <translation>Uso: msd run -- COMMAND [ARGS…]</translation>
    </message>
    <message>
        <source>Command not found: {cmd}</source>
        <translation>Comando não encontrado: {cmd}</translation>
    </message>
    <message>
        <source>Permission denied: {cmd}</source>
        <translation>Permissão negada: {cmd}</translation>
    </message>
    <message>
        <source>The terminal command {configured!r} puts {placeholder} inside the argument {part!r}; it must be a whole argument (or --option={placeholder}), so that a folder name is never read as shell text. To change folder in a shell, pass it as a parameter: sh -c &apos;cd &quot;$1&quot; &amp;&amp; exec sh&apos; sh {placeholder}</source>
        <translation>O comando de terminal {configured!r} coloca {placeholder} dentro do argumento {part!r}; ele precisa ser um argumento inteiro (ou --opção={placeholder}), para que um nome de pasta nunca seja lido como texto de shell. Para mudar de pasta em um shell, passe-a como parâmetro: sh -c &apos;cd &quot;$1&quot; &amp;&amp; exec sh&apos; sh {placeholder}</translation>
    </message>
    <message>
        <source>The terminal command {configured!r} gives {placeholder} to be run as a command; a folder name is never run. To change folder in a shell, pass it as a parameter: sh -c &apos;cd &quot;$1&quot; &amp;&amp; exec sh&apos; sh {placeholder}</source>
        <translation>O comando de terminal {configured!r} entrega {placeholder} para ser executado como comando; um nome de pasta nunca é executado. Para mudar de pasta em um shell, passe-a como parâmetro: sh -c &apos;cd &quot;$1&quot; &amp;&amp; exec sh&apos; sh {placeholder}</translation>
    </message>
    <message>
        <source>Cannot parse the terminal command {configured!r}: {error}</source>
        <translation>Não foi possível interpretar o comando de terminal {configured!r}: {error}</translation>
    </message>
    <message>
        <source>No terminal program found (tried $TERMINAL, then {terminals}). Choose one in MSD Desktop&apos;s Edit → Preferences, or set the TERMINAL environment variable.</source>
        <translation>Nenhum programa de terminal encontrado (tentados $TERMINAL, depois {terminals}). Escolha um em Editar → Preferências do MSD Desktop, ou defina a variável de ambiente TERMINAL.</translation>
    </message>
    <message>
        <source>{n} plan</source>
        <translation>{n} plano</translation>
    </message>
    <message>
        <source>{n} plans</source>
        <translation>{n} planos</translation>
    </message>
    <message>
        <source>{n} phase</source>
        <translation>{n} fase</translation>
    </message>
    <message>
        <source>{n} phases</source>
        <translation>{n} fases</translation>
    </message>
    <message>
        <source>no STATE.md in {folder}</source>
        <translation>nenhum STATE.md em {folder}</translation>
    </message>
    <message>
        <source>cannot read STATE.md: {error}</source>
        <translation>não foi possível ler o STATE.md: {error}</translation>
    </message>
    <message>
        <source>showing the last good STATE.md until the file parses again</source>
        <translation>mostrando o último STATE.md válido até o arquivo voltar a ser lido sem erros</translation>
    </message>
    <message>
        <source>workstream mode is on but no workstream is active (set MSD_WORKSTREAM or .planning/active-workstream)</source>
        <translation>o modo de frentes de trabalho está ligado, mas nenhuma frente de trabalho está ativa (defina MSD_WORKSTREAM ou .planning/active-workstream)</translation>
    </message>
    <message>
        <source>STATE.md milestone {milestone} matches no milestone heading in {roadmap}, so the percent is not computed</source>
        <translation>o marco {milestone} do STATE.md não corresponde a nenhum título de marco em {roadmap}, então o percentual não é calculado</translation>
    </message>
    <message>
        <source>STATE.md says {percent}% but 1 plan has no summary</source>
        <translation>o STATE.md diz {percent}%, mas 1 plano não tem resumo</translation>
    </message>
    <message>
        <source>STATE.md says {percent}% but {count} plans have no summary</source>
        <translation>o STATE.md diz {percent}%, mas {count} planos não têm resumo</translation>
    </message>
    <message>
        <source>STATE.md says {percent}%, more than 100%</source>
        <translation>o STATE.md diz {percent}%, mais de 100%</translation>
    </message>
    <message>
        <source>STATE.md says {percent}% but the phases folder gives {disk}% ({done} of {plans} have a summary)</source>
        <translation>o STATE.md diz {percent}%, mas a pasta de fases dá {disk}% ({done} de {plans} têm resumo)</translation>
    </message>
    <message>
        <source>STATE.md progress says {phases} but ROADMAP.md and the phases folder give {disk}</source>
        <translation>o progresso do STATE.md diz {phases}, mas o ROADMAP.md e a pasta de fases dão {disk}</translation>
    </message>
    <message>
        <source>STATE.md progress says {plans} but the phases folder has {disk}</source>
        <translation>o progresso do STATE.md diz {plans}, mas a pasta de fases tem {disk}</translation>
    </message>
    <message>
        <source>STATE.md says {done} of {phases} are complete</source>
        <translation>o STATE.md diz que {done} de {phases} estão concluídas</translation>
    </message>
    <message>
        <source>STATE.md says phase {phase} of {total} but ROADMAP.md lists {phases}</source>
        <translation>o STATE.md diz fase {phase} de {total}, mas o ROADMAP.md lista {phases}</translation>
    </message>
    <message>
        <source>current phase</source>
        <translation>fase atual</translation>
    </message>
    <message>
        <source>active phase</source>
        <translation>fase ativa</translation>
    </message>
    <message>
        <source>STATE.md&apos;s {label} {token} is not in {roadmap}</source>
        <translation>a {label} {token} do STATE.md não está em {roadmap}</translation>
    </message>
    <message>
        <source>phases/{name} has no Phase heading in {roadmap}</source>
        <translation>phases/{name} não tem título de Phase em {roadmap}</translation>
    </message>
    <message>
        <source>state_head is not a 40-character commit sha</source>
        <translation>state_head não é um sha de commit de 40 caracteres</translation>
    </message>
    <message>
        <source>ROADMAP.md has a code block that is never closed; headings after it are ignored</source>
        <translation>o ROADMAP.md tem um bloco de código que nunca é fechado; os títulos depois dele são ignorados</translation>
    </message>
    <message>
        <source>ROADMAP.md declares Phase {pid} again (first at line {line}); the first declaration is used</source>
        <translation>o ROADMAP.md declara a Phase {pid} de novo (a primeira na linha {line}); vale a primeira declaração</translation>
    </message>
    <message>
        <source>cannot read ROADMAP.md: {error}</source>
        <translation>não foi possível ler o ROADMAP.md: {error}</translation>
    </message>
    <message>
        <source>ROADMAP.md has {headings} phase headings, more than the {limit} MSD reads; it was not read</source>
        <translation>o ROADMAP.md tem {headings} títulos de fase, mais que os {limit} que o MSD lê; ele não foi lido</translation>
    </message>
    <message>
        <source>cannot read {name}/: {error}</source>
        <translation>não foi possível ler {name}/: {error}</translation>
    </message>
    <message>
        <source>cannot read phases/{name}/: {error}</source>
        <translation>não foi possível ler phases/{name}/: {error}</translation>
    </message>
    <message>
        <source>STATE.md frontmatter is larger than {size} KiB; MSD does not read it</source>
        <translation>o frontmatter do STATE.md é maior que {size} KiB; o MSD não o lê</translation>
    </message>
    <message>
        <source>STATE.md frontmatter is nested deeper than {depth} levels; MSD does not read it</source>
        <translation>o frontmatter do STATE.md está aninhado com mais de {depth} níveis; o MSD não o lê</translation>
    </message>
    <message>
        <source>STATE.md frontmatter: {problem}; MSD does not read it</source>
        <translation>frontmatter do STATE.md: {problem}; o MSD não o lê</translation>
    </message>
    <message>
        <source>STATE.md frontmatter is not valid YAML: {problem} ({context})</source>
        <translation>o frontmatter do STATE.md não é YAML válido: {problem} ({context})</translation>
    </message>
    <message>
        <source>STATE.md frontmatter is not valid YAML: {problem}</source>
        <translation>o frontmatter do STATE.md não é YAML válido: {problem}</translation>
    </message>
    <message>
        <source>STATE.md frontmatter reuses a list or map through a YAML alias (*name); MSD does not read aliased collections</source>
        <translation>o frontmatter do STATE.md reutiliza uma lista ou um mapa por um alias YAML (*name); o MSD não lê coleções com alias</translation>
    </message>
    <message>
        <source>STATE.md frontmatter repeats the key &apos;{key}&apos; (first at line {line}); the first value is used</source>
        <translation>o frontmatter do STATE.md repete a chave &apos;{key}&apos; (a primeira na linha {line}); vale o primeiro valor</translation>
    </message>
    <message>
        <source>STATE.md frontmatter has no closing &apos;---&apos; line</source>
        <translation>o frontmatter do STATE.md não tem a linha &apos;---&apos; de fechamento</translation>
    </message>
    <message>
        <source>STATE.md frontmatter is a {type}, not a set of keys</source>
        <translation>o frontmatter do STATE.md é um {type}, não um conjunto de chaves</translation>
    </message>
    <message>
        <source>STATE.md has text before its opening &apos;---&apos;; the frontmatter is ignored</source>
        <translation>o STATE.md tem texto antes do &apos;---&apos; de abertura; o frontmatter é ignorado</translation>
    </message>
    <message>
        <source>frontmatter</source>
        <translation>frontmatter</translation>
    </message>
    <message>
        <source>body</source>
        <translation>corpo</translation>
    </message>
    <message>
        <source>{file} disagrees with itself: the frontmatter says status: {status} (line {line}) but the {where} says {label} {value} (line {other_line}, read as {normalized}); MSD shows {shown} everywhere, as the status line does</source>
        <translation>{file} se contradiz: o frontmatter diz status: {status} (linha {line}), mas o {where} diz {label} {value} (linha {other_line}, lido como {normalized}); o MSD mostra {shown} em todo lugar, como faz a linha de status</translation>
    </message>
    <message>
        <source>ignored {path}: {message}</source>
        <translation>{path} ignorado: {message}</translation>
    </message>
    <message>
        <source>ignored {path}: not a JSON object</source>
        <translation>{path} ignorado: não é um objeto JSON</translation>
    </message>
    <message>
        <source>migrated depth → granularity in {path}</source>
        <translation>depth migrado → granularity em {path}</translation>
    </message>
    <message>
        <source>could not rewrite {path}: {error}</source>
        <translation>não foi possível reescrever {path}: {error}</translation>
    </message>
    <message>
        <source>runtime from defaults.json not copied (it is host-specific)</source>
        <translation>o runtime do defaults.json não foi copiado (ele é específico da máquina)</translation>
    </message>
    <message>
        <source>{key}: goes to the OS keyring; config.json says true</source>
        <translation>{key}: vai para o chaveiro do sistema; o config.json diz true</translation>
    </message>
    <message>
        <source>{key}: goes to the OS keyring; config.json says true (it is plaintext in defaults.json)</source>
        <translation>{key}: vai para o chaveiro do sistema; o config.json diz true (no defaults.json ela está em texto puro)</translation>
    </message>
    <message>
        <source>Unknown secret scope: {secret_scope} (use project or global)</source>
        <translation>Escopo de segredo desconhecido: {secret_scope} (use project ou global)</translation>
    </message>
    <message>
        <source>Not a folder: {root}</source>
        <translation>Não é uma pasta: {root}</translation>
    </message>
    <message>
        <source>{path} was created by someone else meanwhile; new-project never overwrites it</source>
        <translation>{path} foi criado por outra pessoa nesse meio-tempo; o new-project nunca o sobrescreve</translation>
    </message>
    <message>
        <source>{path} cannot be checked ({error}); new-project writes nothing</source>
        <translation>{path} não pode ser verificado ({error}); o new-project não grava nada</translation>
    </message>
    <message>
        <source>already exists</source>
        <translation>já existe</translation>
    </message>
    <message>
        <source>is a symlink that cannot be followed ({error})</source>
        <translation>é um link simbólico que não pode ser seguido ({error})</translation>
    </message>
    <message>
        <source>is a symlink to something that is not a regular file</source>
        <translation>é um link simbólico para algo que não é um arquivo comum</translation>
    </message>
    <message>
        <source>is a directory</source>
        <translation>é um diretório</translation>
    </message>
    <message>
        <source>is not a regular file (a FIFO, socket or device)</source>
        <translation>não é um arquivo comum (é um FIFO, socket ou dispositivo)</translation>
    </message>
    <message>
        <source>{path} {what}; new-project never overwrites a project&apos;s config (change it in Settings or with msd config-set)</source>
        <translation>{path} {what}; o new-project nunca sobrescreve a configuração de um projeto (altere-a em Configurações ou com msd config-set)</translation>
    </message>
    <message>
        <source>{path} {what}; new-project never overwrites a project&apos;s {what_file} (open the project instead)</source>
        <translation>{path} {what}; o new-project nunca sobrescreve o {what_file} de um projeto (abra o projeto em vez disso)</translation>
    </message>
    <message>
        <source>Expected KEY=VALUE, got: {item}</source>
        <translation>Era esperado KEY=VALUE, veio: {item}</translation>
    </message>
    <message>
        <source>{key}: null is not a choice for a new project (leave the key out)</source>
        <translation>{key}: null não é uma opção para um projeto novo (deixe a chave de fora)</translation>
    </message>
    <message>
        <source>Invalid workstream name: must be alphanumeric, hyphens, underscores, or dots</source>
        <translation>Nome de frente de trabalho inválido: use letras, números, hífens, sublinhados ou pontos</translation>
    </message>
    <message>
        <source>{var} contains invalid path characters: {value}</source>
        <translation>{var} contém caracteres de caminho inválidos: {value}</translation>
    </message>
    <message>
        <source>{var} is longer than {limit} bytes, the limit for a folder name: {value}…</source>
        <translation>{var} tem mais de {limit} bytes, o limite para um nome de pasta: {value}…</translation>
    </message>
    <message>
        <source>Missing value for --ws</source>
        <translation>Falta o valor de --ws</translation>
    </message>
    <message>
        <source>a file</source>
        <translation>um arquivo</translation>
    </message>
    <message>
        <source>not a folder</source>
        <translation>algo que não é uma pasta</translation>
    </message>
    <message>
        <source>{path} is a symlink loop, not a folder.</source>
        <translation>{path} é um loop de links simbólicos, não uma pasta.</translation>
    </message>
    <message>
        <source>{path} goes through a file: a part of it is not a folder.</source>
        <translation>{path} passa por um arquivo: uma parte dele não é uma pasta.</translation>
    </message>
    <message>
        <source>{path} cannot be checked: permission denied.</source>
        <translation>{path} não pode ser verificado: permissão negada.</translation>
    </message>
    <message>
        <source>{path} is too long a name for this system.</source>
        <translation>{path} é um nome longo demais para este sistema.</translation>
    </message>
    <message>
        <source>{path} cannot be checked ({error}).</source>
        <translation>{path} não pode ser verificado ({error}).</translation>
    </message>
    <message>
        <source>{path} is not an absolute path: give the whole path (for example ~/projects/my-app).</source>
        <translation>{path} não é um caminho absoluto: informe o caminho inteiro (por exemplo ~/projects/my-app).</translation>
    </message>
    <message>
        <source>{path} is a symlink to something that does not exist; create the target or choose another folder.</source>
        <translation>{path} é um link simbólico para algo que não existe; crie o destino ou escolha outra pasta.</translation>
    </message>
    <message>
        <source>{path} is {kind}, not a folder.</source>
        <translation>{path} é {kind}, não uma pasta.</translation>
    </message>
    <message>
        <source>{path} already has .planning/ — open it instead of creating it.</source>
        <translation>{path} já tem .planning/ — abra-o em vez de criá-lo.</translation>
    </message>
    <message>
        <source>{path} cannot be created (no existing parent).</source>
        <translation>{path} não pode ser criado (nenhuma pasta acima dele existe).</translation>
    </message>
    <message>
        <source>{path} cannot be created: {ancestor} is {kind}, not a folder.</source>
        <translation>{path} não pode ser criado: {ancestor} é {kind}, não uma pasta.</translation>
    </message>
    <message>
        <source>{path} cannot be created: {ancestor} is not writable.</source>
        <translation>{path} não pode ser criado: não há permissão de escrita em {ancestor}.</translation>
    </message>
    <message>
        <source>Could not create {path}: {error}</source>
        <translation>Não foi possível criar {path}: {error}</translation>
    </message>
    <message>
        <source>Cannot read {path}: {error}</source>
        <translation>Não foi possível ler {path}: {error}</translation>
    </message>
    <message>
        <source>{path} is not valid JSON: {error}</source>
        <translation>{path} não é JSON válido: {error}</translation>
    </message>
    <message>
        <source>{path} must contain a JSON list of workspaces</source>
        <translation>{path} precisa conter uma lista JSON de espaços de trabalho</translation>
    </message>
    <message>
        <source>Not a directory: {target}</source>
        <translation>Não é um diretório: {target}</translation>
    </message>
    <message>
        <source>Invalid workspace kind &apos;{kind}&apos;. Valid values: folder, scan_root</source>
        <translation>Tipo de espaço de trabalho inválido: &apos;{kind}&apos;. Valores válidos: folder, scan_root</translation>
    </message>
    <message>
        <source>scan_depth must be a non-negative integer</source>
        <translation>scan_depth precisa ser um inteiro não negativo</translation>
    </message>
    <message>
        <source>Refusing to scan the filesystem root {target}: choose a folder that holds your projects</source>
        <translation>A varredura da raiz do sistema de arquivos {target} foi recusada: escolha uma pasta que contenha seus projetos</translation>
    </message>
    <message>
        <source>Refusing to scan your home folder {target} itself: choose a folder inside it that holds your projects</source>
        <translation>A varredura da sua pasta pessoal {target} inteira foi recusada: escolha uma pasta dentro dela que contenha seus projetos</translation>
    </message>
    <message>
        <source>Workspace name must not be empty</source>
        <translation>O nome do espaço de trabalho não pode ficar vazio</translation>
    </message>
    <message>
        <source>A workspace named &apos;{name}&apos; is already registered</source>
        <translation>Já existe um espaço de trabalho registrado com o nome &apos;{name}&apos;</translation>
    </message>
    <message>
        <source>No workspace named or at &apos;{path_or_name}&apos;</source>
        <translation>Nenhum espaço de trabalho com o nome ou no caminho &apos;{path_or_name}&apos;</translation>
    </message>
    <message>
        <source>No workspace named &apos;{name}&apos;</source>
        <translation>Nenhum espaço de trabalho chamado &apos;{name}&apos;</translation>
    </message>
    <message>
        <source>Workspace &apos;{name}&apos; is one project folder, not a scan root: remove it instead</source>
        <translation>O espaço de trabalho &apos;{name}&apos; é uma pasta de projeto, não uma pasta de varredura: remova-o em vez disso</translation>
    </message>
    <message>
        <source>{root} is not inside the scan root {path}</source>
        <translation>{root} não está dentro da pasta de varredura {path}</translation>
    </message>
    <message>
        <source>{root} is not excluded from workspace &apos;{name}&apos;</source>
        <translation>{root} não está excluído do espaço de trabalho &apos;{name}&apos;</translation>
    </message>
    <message>
        <source>Cannot write {path}: {error}</source>
        <translation>Não foi possível gravar {path}: {error}</translation>
    </message>
    <message>
        <source>Scan depth must be a whole number from 0 to {limit}</source>
        <translation>A profundidade de varredura deve ser um número inteiro de 0 a {limit}</translation>
    </message>
    <message>
        <source>Not a directory: {root}</source>
        <translation>Não é um diretório: {root}</translation>
    </message>
</context>
<context>
    <name>DiskSyncedForm</name>
    <message>
        <source>The file changed on disk; the form was reloaded.</source>
        <translation>O arquivo mudou no disco; o formulário foi recarregado.</translation>
    </message>
    <message>
        <source>{0} changed on disk while you have unsaved changes. Reload discards your changes; Keep mine applies them on top of the new file (save to write them).</source>
        <translation>{0} mudou no disco enquanto você tem alterações não salvas. Recarregar descarta suas alterações; Manter as minhas as aplica sobre o novo arquivo (salve para gravá-las).</translation>
    </message>
    <message>
        <source>Reloaded from disk; your unsaved changes were discarded.</source>
        <translation>Recarregado do disco; suas alterações não salvas foram descartadas.</translation>
    </message>
    <message>
        <source>Kept your changes on top of the file on disk; save to write them.</source>
        <translation>Suas alterações foram mantidas sobre o arquivo do disco; salve para gravá-las.</translation>
    </message>
</context>
<context>
    <name>GettingStartedDialog</name>
    <message>
        <source>The project tree</source>
        <translation>A árvore de projetos</translation>
    </message>
    <message>
        <source>The list on the left shows your workspaces: a project folder, or a scan root searched for the folders that hold a .planning folder. Each project shows its status; its workstreams are listed below it. Add folders with File → Add project… or Add scan root…; type in the filter (Ctrl+K) to narrow the list. Select a project to open its tabs; View → All projects (Ctrl+0) shows every project at a glance.</source>
        <translation>A lista à esquerda mostra seus espaços de trabalho: uma pasta de projeto, ou uma pasta de varredura onde se procuram as pastas que têm uma pasta .planning. Cada projeto mostra seu status; suas frentes de trabalho aparecem abaixo dele. Adicione pastas com Arquivo → Adicionar projeto… ou Adicionar pasta de varredura…; digite no filtro (Ctrl+K) para reduzir a lista. Selecione um projeto para abrir suas abas; Exibir → Todos os projetos (Ctrl+0) mostra todos os projetos de uma vez.</translation>
    </message>
    <message>
        <source>Settings</source>
        <translation>Configurações</translation>
    </message>
    <message>
        <source>The Settings tab edits the project&apos;s .planning/config.json: every key with its title, its value and where the value comes from. Search with Ctrl+F. The JSON tab shows the same draft as text; API keys go to the system keyring, never into the file. Every change can be undone with Ctrl+Z.</source>
        <translation>A aba Configurações edita o .planning/config.json do projeto: cada chave com seu título, seu valor e de onde o valor vem. Pesquise com Ctrl+F. A aba JSON mostra o mesmo rascunho como texto; as chaves de API vão para o chaveiro do sistema, nunca para o arquivo. Toda alteração pode ser desfeita com Ctrl+Z.</translation>
    </message>
    <message>
        <source>The Models tab</source>
        <translation>A aba Modelos</translation>
    </message>
    <message>
        <source>The Models tab shows which model and effort each agent gets, and why: the layers consulted, from the project&apos;s settings to the defaults. Try a what-if (another profile or runtime) without changing any file.</source>
        <translation>A aba Modelos mostra qual modelo e qual esforço cada agente recebe, e por quê: as camadas consultadas, das configurações do projeto até os padrões. Experimente uma simulação (outro perfil ou runtime) sem alterar nenhum arquivo.</translation>
    </message>
    <message>
        <source>Saving</source>
        <translation>Salvar</translation>
    </message>
    <message>
        <source>Nothing is written until you save: Ctrl+S saves the open project&apos;s settings, Ctrl+Shift+S saves every project with unsaved changes. A * in the title and a ● in the tree mark unsaved changes; leaving with them asks first. If someone else changed the file meanwhile, MSD Desktop shows both versions instead of overwriting.</source>
        <translation>Nada é gravado até você salvar: Ctrl+S salva as configurações do projeto aberto, Ctrl+Shift+S salva todos os projetos com alterações não salvas. Um * no título e um ● na árvore marcam alterações não salvas; sair com elas pergunta antes. Se outra pessoa alterou o arquivo nesse meio-tempo, o MSD Desktop mostra as duas versões em vez de sobrescrever.</translation>
    </message>
    <message>
        <source>Getting started — MSD Desktop</source>
        <translation>Primeiros passos — MSD Desktop</translation>
    </message>
    <message>
        <source>Getting started</source>
        <translation>Primeiros passos</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Fechar</translation>
    </message>
    <message>
        <source>Close this window (Esc, Ctrl+W)</source>
        <translation>Fechar esta janela (Esc, Ctrl+W)</translation>
    </message>
    <message>
        <source>Getting started with MSD Desktop</source>
        <translation>Primeiros passos com o MSD Desktop</translation>
    </message>
</context>
<context>
    <name>GlobalDefaultsPanel</name>
    <message>
        <source>Global defaults</source>
        <translation>Padrões globais</translation>
    </message>
    <message numerus="yes">
        <source>Restored %n unsaved change(s) from the last run, which ended without saving: save or revert them.</source>
        <translation>
            <numerusform>%n alteração não salva da última execução, que terminou sem salvar, foi restaurada: salve-a ou reverta-a.</numerusform>
            <numerusform>%n alterações não salvas da última execução, que terminou sem salvar, foram restauradas: salve-as ou reverta-as.</numerusform>
        </translation>
    </message>
    <message>
        <source>Global keys and the projects they reach</source>
        <translation>Chaves globais e os projetos que elas alcançam</translation>
    </message>
    <message>
        <source>~/.msd/defaults.json sets no keys yet. Set a value in the form above and save: it is listed here with the projects it reaches.</source>
        <translation>O ~/.msd/defaults.json ainda não define nenhuma chave. Defina um valor no formulário acima e salve: ele aparece aqui com os projetos que alcança.</translation>
    </message>
    <message>
        <source>Projects the selected global key reaches</source>
        <translation>Projetos que a chave global selecionada alcança</translation>
    </message>
    <message>
        <source>A project with &lt;tt&gt;.planning/&lt;/tt&gt; reads these values only when it is created (except &lt;tt&gt;model_overrides&lt;/tt&gt;, merged per agent at run time).</source>
        <translation>Um projeto com &lt;tt&gt;.planning/&lt;/tt&gt; lê estes valores só quando é criado (exceto &lt;tt&gt;model_overrides&lt;/tt&gt;, mesclado por agente durante a execução).</translation>
    </message>
    <message>
        <source>Where each global key reaches</source>
        <translation>Onde cada chave global chega</translation>
    </message>
    <message>
        <source>Nothing to show: no global key is set.</source>
        <translation>Nada a mostrar: nenhuma chave global definida.</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
</context>
<context>
    <name>GlobalReachModel</name>
    <message>
        <source>Global key</source>
        <translation>Chave global</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>Valor</translation>
    </message>
    <message>
        <source>Uses it</source>
        <translation>Usam</translation>
    </message>
    <message>
        <source>Sets its own</source>
        <translation>Definem o próprio</translation>
    </message>
    <message>
        <source>Does not read it</source>
        <translation>Não leem</translation>
    </message>
    <message>
        <source>no project</source>
        <translation>nenhum projeto</translation>
    </message>
</context>
<context>
    <name>HistoryPage</name>
    <message>
        <source>Label this entry</source>
        <translation>Rotular esta entrada</translation>
    </message>
    <message>
        <source>Label (a labelled entry is never pruned):</source>
        <translation>Rótulo (uma entrada rotulada nunca é descartada):</translation>
    </message>
    <message>
        <source>History of this config file</source>
        <translation>Histórico deste arquivo de configuração</translation>
    </message>
    <message>
        <source>Compare with:</source>
        <translation>Comparar com:</translation>
    </message>
    <message>
        <source>the saved file</source>
        <translation>o arquivo salvo</translation>
    </message>
    <message>
        <source>your draft</source>
        <translation>o seu rascunho</translation>
    </message>
    <message>
        <source>Compare the entry with</source>
        <translation>Comparar a entrada com</translation>
    </message>
    <message>
        <source>Keys that differ</source>
        <translation>Chaves que diferem</translation>
    </message>
    <message>
        <source>What differs</source>
        <translation>O que difere</translation>
    </message>
    <message>
        <source>Restore into draft</source>
        <translation>Restaurar no rascunho</translation>
    </message>
    <message>
        <source>Put this entry&apos;s settings into the draft as one undo step; nothing is written until you save</source>
        <translation>Coloca as configurações desta entrada no rascunho como um único passo de desfazer; nada é gravado até você salvar</translation>
    </message>
    <message>
        <source>Restore key</source>
        <translation>Restaurar chave</translation>
    </message>
    <message>
        <source>Put the selected key&apos;s value from this entry into the draft</source>
        <translation>Coloca no rascunho o valor da chave selecionada nesta entrada</translation>
    </message>
    <message>
        <source>Restore batch…</source>
        <translation>Restaurar lote…</translation>
    </message>
    <message>
        <source>Put back every config file of this entry&apos;s batch, across its projects, after showing them</source>
        <translation>Repõe todos os arquivos de configuração do lote desta entrada, em todos os seus projetos, depois de mostrá-los</translation>
    </message>
    <message>
        <source>Undo batch restore</source>
        <translation>Desfazer restauração do lote</translation>
    </message>
    <message>
        <source>Put back what the batch restore replaced, where nobody changed it since</source>
        <translation>Repõe o que a restauração do lote substituiu, onde ninguém o alterou desde então</translation>
    </message>
    <message>
        <source>Recreate from history…</source>
        <translation>Recriar a partir do histórico…</translation>
    </message>
    <message>
        <source>The file does not exist: write it again as it was in a state you choose</source>
        <translation>O arquivo não existe: grava-o de novo como estava no estado que você escolher</translation>
    </message>
    <message>
        <source>Pin</source>
        <translation>Fixar</translation>
    </message>
    <message>
        <source>A pinned entry is never pruned</source>
        <translation>Uma entrada fixada nunca é descartada</translation>
    </message>
    <message>
        <source>Label…</source>
        <translation>Rótulo…</translation>
    </message>
    <message>
        <source>This file does not exist; its history is kept.</source>
        <translation>Este arquivo não existe; o histórico dele é mantido.</translation>
    </message>
    <message>
        <source>Nothing recorded for this file yet.</source>
        <translation>Nada registrado para este arquivo ainda.</translation>
    </message>
    <message numerus="yes">
        <source>Keys that differ (%n)</source>
        <translation>
            <numerusform>Chaves que diferem (%n)</numerusform>
            <numerusform>Chaves que diferem (%n)</numerusform>
        </translation>
    </message>
    <message>
        <source>Unpin</source>
        <translation>Desafixar</translation>
    </message>
    <message>
        <source>restore the settings of %1</source>
        <translation>restaurar as configurações de %1</translation>
    </message>
    <message>
        <source>Restored into the draft; nothing is written until you save.</source>
        <translation>Restaurado no rascunho; nada é gravado até você salvar.</translation>
    </message>
    <message>
        <source>The draft already has this entry&apos;s settings.</source>
        <translation>O rascunho já tem as configurações desta entrada.</translation>
    </message>
    <message>
        <source>API keys are never restored; the draft keeps its own for: %1</source>
        <translation>Chaves de API nunca são restauradas; o rascunho mantém as suas para: %1</translation>
    </message>
    <message>
        <source>API keys are never restored from the history.</source>
        <translation>Chaves de API nunca são restauradas do histórico.</translation>
    </message>
    <message>
        <source>restore %1</source>
        <translation>restaurar %1</translation>
    </message>
    <message>
        <source>Restored %1 into the draft; nothing is written until you save.</source>
        <translation>%1 restaurada no rascunho; nada é gravado até você salvar.</translation>
    </message>
</context>
<context>
    <name>HistorySource</name>
    <message>
        <source>Settings save</source>
        <translation>salvo em Configurações</translation>
    </message>
    <message>
        <source>JSON tab</source>
        <translation>aba JSON</translation>
    </message>
    <message>
        <source>matrix batch</source>
        <translation>lote da matriz</translation>
    </message>
    <message>
        <source>matrix batch undone</source>
        <translation>lote da matriz desfeito</translation>
    </message>
    <message>
        <source>msd config-set</source>
        <translation>msd config-set</translation>
    </message>
    <message>
        <source>migrate-config</source>
        <translation>migrate-config</translation>
    </message>
    <message>
        <source>secrets migrate</source>
        <translation>secrets migrate</translation>
    </message>
    <message>
        <source>secrets set</source>
        <translation>secrets set</translation>
    </message>
    <message>
        <source>new project</source>
        <translation>novo projeto</translation>
    </message>
    <message>
        <source>restore</source>
        <translation>restauração</translation>
    </message>
    <message>
        <source>restore undone</source>
        <translation>restauração desfeita</translation>
    </message>
    <message>
        <source>first seen</source>
        <translation>visto pela primeira vez</translation>
    </message>
    <message>
        <source>changed outside MSD</source>
        <translation>alterado fora do MSD</translation>
    </message>
</context>
<context>
    <name>HistoryTab</name>
    <message>
        <source>History</source>
        <translation>Histórico</translation>
    </message>
</context>
<context>
    <name>InstallWords</name>
    <message numerus="yes">
        <source>Stale %1 install: %n agent file(s) out of date — run msd install %1 --local</source>
        <translation>
            <numerusform>Instalação do %1 desatualizada: %n arquivo de agente antigo — rode msd install %1 --local</numerusform>
            <numerusform>Instalação do %1 desatualizada: %n arquivos de agente antigos — rode msd install %1 --local</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n project(s) with stale installs</source>
        <translation>
            <numerusform>%n projeto com instalação desatualizada</numerusform>
            <numerusform>%n projetos com instalação desatualizada</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>JsonCompletion</name>
    <message>
        <source>Names that fit here</source>
        <translation>Nomes que cabem aqui</translation>
    </message>
</context>
<context>
    <name>JsonSettingsPage</name>
    <message>
        <source>Move to keyring</source>
        <translation>Mover para o chaveiro</translation>
    </message>
    <message>
        <source>Moves the plaintext API keys from config.json into the OS keyring and writes true in their place</source>
        <translation>Move as chaves de API em texto puro do config.json para o chaveiro do sistema e grava true no lugar delas</translation>
    </message>
    <message>
        <source>The settings changed elsewhere while this text cannot be read; they show here once the text is fixed.</source>
        <translation>As configurações mudaram em outro lugar enquanto este texto não pode ser lido; elas aparecem aqui quando o texto for corrigido.</translation>
    </message>
    <message>
        <source>Show the settings instead</source>
        <translation>Mostrar as configurações</translation>
    </message>
    <message>
        <source>Replace this text with the current settings (your unreadable text is dropped)</source>
        <translation>Substitui este texto pelas configurações atuais (seu texto ilegível é descartado)</translation>
    </message>
    <message>
        <source>Problems in the JSON text</source>
        <translation>Problemas no texto JSON</translation>
    </message>
    <message>
        <source>Activate a problem to put the cursor at its line</source>
        <translation>Ative um problema para levar o cursor à linha dele</translation>
    </message>
    <message>
        <source>No problems: the text reads as JSON and every value is valid.</source>
        <translation>Nenhum problema: o texto é JSON legível e todos os valores são válidos.</translation>
    </message>
    <message>
        <source>Unsaved changes as a diff</source>
        <translation>Alterações não salvas como diff</translation>
    </message>
    <message>
        <source>Show unsaved changes as a diff</source>
        <translation>Mostrar as alterações não salvas como diff</translation>
    </message>
    <message>
        <source>Show, under the text, what Save would change in the file (API keys masked)</source>
        <translation>Mostra, abaixo do texto, o que Salvar mudaria no arquivo (chaves de API mascaradas)</translation>
    </message>
    <message>
        <source>The JSON text is being checked.</source>
        <translation>O texto JSON está sendo verificado.</translation>
    </message>
    <message>
        <source>JSON</source>
        <translation>JSON</translation>
    </message>
    <message>
        <source>edit %1 in the JSON text</source>
        <translation>editar %1 no texto JSON</translation>
    </message>
    <message>
        <source>type in the JSON text</source>
        <translation>digitar no texto JSON</translation>
    </message>
    <message>
        <source>Line %1, column %2 — file check: %3</source>
        <translation>Linha %1, coluna %2 — verificação do arquivo: %3</translation>
    </message>
    <message>
        <source>Line %1, column %2 — note: %3</source>
        <translation>Linha %1, coluna %2 — observação: %3</translation>
    </message>
    <message>
        <source>%1 Did you mean %2?</source>
        <translation>%1 Você quis dizer %2?</translation>
    </message>
    <message numerus="yes">
        <source>config.json holds %n plaintext API key(s): %1. They are shown masked here; move them into the OS keyring so the file only says true.</source>
        <translation>
            <numerusform>O config.json contém %n chave de API em texto puro: %1. Ela aparece mascarada aqui; mova-a para o chaveiro do sistema para que o arquivo diga apenas true.</numerusform>
            <numerusform>O config.json contém %n chaves de API em texto puro: %1. Elas aparecem mascaradas aqui; mova-as para o chaveiro do sistema para que o arquivo diga apenas true.</numerusform>
        </translation>
    </message>
    <message>
        <source>This file cannot be read, so it is shown read-only: fix it in another program; it reloads when it changes.</source>
        <translation>Este arquivo não pode ser lido, então é mostrado somente leitura: corrija-o em outro programa; ele é recarregado quando mudar.</translation>
    </message>
    <message>
        <source>This file does not read as JSON: fix it here (the problem is listed with its line and column), then save. The form is read-only until then.</source>
        <translation>Este arquivo não é lido como JSON: corrija-o aqui (o problema aparece com sua linha e coluna) e depois salve. O formulário fica somente leitura até lá.</translation>
    </message>
    <message>
        <source>Unsaved: this text cannot be read. It is kept as typed; Save is blocked until it is fixed (Revert drops it).</source>
        <translation>Não salvo: este texto não pode ser lido. Ele é mantido como foi digitado; Salvar fica bloqueado até ser corrigido (Reverter o descarta).</translation>
    </message>
    <message>
        <source>%1 (as read)</source>
        <translation>%1 (como foi lido)</translation>
    </message>
    <message>
        <source>%1 (unsaved)</source>
        <translation>%1 (não salvo)</translation>
    </message>
    <message>
        <source>Unsaved: this text is what Save writes.</source>
        <translation>Não salvo: este texto é o que Salvar grava.</translation>
    </message>
    <message>
        <source>The text reads as JSON now: the form shows it and takes edits; save (Ctrl+S) to write it to the file.</source>
        <translation>O texto já é lido como JSON: o formulário o mostra e aceita edições; salve (Ctrl+S) para gravá-lo no arquivo.</translation>
    </message>
    <message>
        <source>No unsaved changes: this is the file.</source>
        <translation>Sem alterações não salvas: este é o arquivo.</translation>
    </message>
    <message>
        <source>No unsaved changes.</source>
        <translation>Sem alterações não salvas.</translation>
    </message>
</context>
<context>
    <name>JsonTextEdit</name>
    <message>
        <source>Settings as JSON</source>
        <translation>Configurações como JSON</translation>
    </message>
    <message>
        <source>The draft as JSON; edits here change the form&apos;s values too. API keys are masked. Ctrl+Space lists the setting keys, agent names or choices that fit at the cursor.</source>
        <translation>O rascunho como JSON; edições aqui também mudam os valores do formulário. As chaves de API ficam mascaradas. Ctrl+Espaço lista as chaves de configuração, os nomes de agente ou as opções que cabem no cursor.</translation>
    </message>
    <message>
        <source>No settings file is shown: choose a project, or Global defaults, to edit its config.json here.</source>
        <translation>Nenhum arquivo de configuração aberto: escolha um projeto, ou os padrões globais, para editar o config.json aqui.</translation>
    </message>
</context>
<context>
    <name>KeyDiffModel</name>
    <message>
        <source>Key</source>
        <translation>Chave</translation>
    </message>
    <message>
        <source>In this entry</source>
        <translation>Nesta entrada</translation>
    </message>
    <message>
        <source>Now</source>
        <translation>Agora</translation>
    </message>
    <message>
        <source>(absent)</source>
        <translation>(ausente)</translation>
    </message>
</context>
<context>
    <name>KeyRowWidget</name>
    <message>
        <source>Reset</source>
        <translation>Redefinir</translation>
    </message>
    <message>
        <source>Remove this key from the file (use the default / the next layer)</source>
        <translation>Remover esta chave do arquivo (usar o padrão / a próxima camada)</translation>
    </message>
    <message>
        <source>Reset {0}</source>
        <translation>Redefinir {0}</translation>
    </message>
    <message>
        <source>More: reset, copy the key, the value or the msd config-set command</source>
        <translation>Mais: redefinir, copiar a chave, o valor ou o comando msd config-set</translation>
    </message>
    <message>
        <source>More actions for {0}</source>
        <translation>Mais ações para {0}</translation>
    </message>
    <message>
        <source>default: {0}</source>
        <translation>padrão: {0}</translation>
    </message>
    <message>
        <source>Changed, not saved yet</source>
        <translation>Alterado, ainda não salvo</translation>
    </message>
    <message>
        <source>Set in this file (not the default)</source>
        <translation>Definido neste arquivo (não é o padrão)</translation>
    </message>
</context>
<context>
    <name>LanguageMenu</name>
    <message>
        <source>&amp;Language</source>
        <translation>&amp;Idioma</translation>
    </message>
    <message>
        <source>System language</source>
        <translation>Idioma do sistema</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>This tab could not be built for this project: {0}</source>
        <translation>Não foi possível montar esta aba para este projeto: {0}</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Watching</source>
        <translation>Monitoramento</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>Ar&amp;quivo</translation>
    </message>
    <message>
        <source>Save settings</source>
        <translation>Salvar configurações</translation>
    </message>
    <message>
        <source>Save the Settings tab&apos;s changes (what the fields show), from anywhere</source>
        <translation>Salva as alterações da aba Configurações (o que os campos mostram), de qualquer lugar</translation>
    </message>
    <message>
        <source>Save all</source>
        <translation>Salvar tudo</translation>
    </message>
    <message>
        <source>Save the unsaved Settings changes of every project and of Global defaults</source>
        <translation>Salvar as alterações não salvas das configurações de todos os projetos e dos padrões globais</translation>
    </message>
    <message>
        <source>New project…</source>
        <translation>Novo projeto…</translation>
    </message>
    <message>
        <source>Create a new MSD project (its .planning/config.json)</source>
        <translation>Cria um novo projeto MSD (o seu .planning/config.json)</translation>
    </message>
    <message>
        <source>Global defaults…</source>
        <translation>Padrões globais…</translation>
    </message>
    <message>
        <source>Edit the defaults every new project starts from (~/.msd/defaults.json)</source>
        <translation>Edita os padrões com que todo projeto novo começa (~/.msd/defaults.json)</translation>
    </message>
    <message>
        <source>Config matrix…</source>
        <translation>Matriz de configurações…</translation>
    </message>
    <message>
        <source>Compare settings across every project, and apply one to several</source>
        <translation>Compara as configurações de todos os projetos e aplica uma a vários</translation>
    </message>
    <message>
        <source>Open a terminal here</source>
        <translation>Abrir um terminal aqui</translation>
    </message>
    <message>
        <source>Open a terminal in the open project&apos;s folder</source>
        <translation>Abre um terminal na pasta do projeto aberto</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Sair</translation>
    </message>
    <message>
        <source>Close the window and the tray icon (unsaved edits are asked about)</source>
        <translation>Fecha a janela e o ícone da bandeja (pergunta antes sobre alterações não salvas)</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>&amp;Editar</translation>
    </message>
    <message>
        <source>Find a setting</source>
        <translation>Buscar uma configuração</translation>
    </message>
    <message>
        <source>Search the Settings tab&apos;s keys, titles and descriptions</source>
        <translation>Busca nas chaves, títulos e descrições da aba Configurações</translation>
    </message>
    <message>
        <source>Copy next command</source>
        <translation>Copiar o próximo comando</translation>
    </message>
    <message>
        <source>Copy the open project&apos;s next command to the clipboard</source>
        <translation>Copia o próximo comando do projeto aberto para a área de transferência</translation>
    </message>
    <message>
        <source>Preferences…</source>
        <translation>Preferências…</translation>
    </message>
    <message>
        <source>Terminal program, closing to the tray, language, notifications and scan depth</source>
        <translation>Programa de terminal, fechar para a bandeja, idioma, notificações e profundidade de varredura</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>E&amp;xibir</translation>
    </message>
    <message>
        <source>All projects (overview)</source>
        <translation>Todos os projetos (visão geral)</translation>
    </message>
    <message>
        <source>Show every project at a glance</source>
        <translation>Mostra todos os projetos de relance</translation>
    </message>
    <message>
        <source>Filter projects</source>
        <translation>Filtrar projetos</translation>
    </message>
    <message>
        <source>Type to narrow the project list</source>
        <translation>Digite para restringir a lista de projetos</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>A&amp;juda</translation>
    </message>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>Atalhos de teclado</translation>
    </message>
    <message>
        <source>Every key of this window, as the menus and tabs define them</source>
        <translation>Todas as teclas desta janela, como os menus e as abas as definem</translation>
    </message>
    <message>
        <source>Getting started</source>
        <translation>Primeiros passos</translation>
    </message>
    <message>
        <source>A short page on the project tree, Settings, the Models tab and saving</source>
        <translation>Uma página curta sobre a árvore de projetos, as Configurações, a aba Modelos e como salvar</translation>
    </message>
    <message>
        <source>Open demo workspace</source>
        <translation>Abrir o espaço de trabalho de demonstração</translation>
    </message>
    <message>
        <source>Show the bundled example projects (a copy you may edit; never registered)</source>
        <translation>Mostra os projetos de exemplo incluídos (uma cópia que você pode editar; nunca registrada)</translation>
    </message>
    <message>
        <source>About MSD Desktop</source>
        <translation>Sobre o MSD Desktop</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>MSD Desktop %1</source>
        <translation>MSD Desktop %1</translation>
    </message>
    <message>
        <source>A desktop companion for MSD planning projects.</source>
        <translation>Um companheiro de área de trabalho para projetos de planejamento MSD.</translation>
    </message>
    <message>
        <source>Could not load {0}: {1}</source>
        <translation>Não foi possível carregar {0}: {1}</translation>
    </message>
    <message>
        <source>could not be read in {0:g} s</source>
        <translation>não pôde ser lido em {0:g} s</translation>
    </message>
    <message>
        <source>not read: too many reads are stuck</source>
        <translation>não lido: há leituras demais travadas</translation>
    </message>
    <message>
        <source>could not be read: {0}</source>
        <translation>não pôde ser lido: {0}</translation>
    </message>
    <message>
        <source>Could not read the state of {0}: {1}</source>
        <translation>Não foi possível ler o estado de {0}: {1}</translation>
    </message>
    <message>
        <source>%1: %2 changed on disk</source>
        <translation>%1: %2 mudou no disco</translation>
    </message>
    <message>
        <source>Projects whose .planning/ folder is watched for changes</source>
        <translation>Projetos cuja pasta .planning/ é monitorada em busca de mudanças</translation>
    </message>
    <message>
        <source>Settings</source>
        <translation>Configurações</translation>
    </message>
    <message>
        <source>Models</source>
        <translation>Modelos</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Estado</translation>
    </message>
    <message>
        <source>Settings tab</source>
        <translation>Aba Configurações</translation>
    </message>
    <message>
        <source>The open project&apos;s config.json, as a form</source>
        <translation>O config.json do projeto aberto, como formulário</translation>
    </message>
    <message>
        <source>Models tab</source>
        <translation>Aba Modelos</translation>
    </message>
    <message>
        <source>Which model each agent gets, and why</source>
        <translation>Qual modelo cada agente recebe, e por quê</translation>
    </message>
    <message>
        <source>State tab</source>
        <translation>Aba Estado</translation>
    </message>
    <message>
        <source>STATE.md and the roadmap of the open project</source>
        <translation>O STATE.md e o roteiro do projeto aberto</translation>
    </message>
    <message>
        <source>%1 at %2</source>
        <translation>%1 às %2</translation>
    </message>
    <message>
        <source>%1 is not in any workspace</source>
        <translation>%1 não está em nenhum espaço de trabalho</translation>
    </message>
    <message>
        <source>workstream %1</source>
        <translation>frente de trabalho %1</translation>
    </message>
    <message>
        <source>{0}: {1}</source>
        <translation>{0}: {1}</translation>
    </message>
    <message>
        <source>This project could not be loaded — {0}. Its other tabs show what could be read; the rest of the window is unaffected.</source>
        <translation>Não foi possível carregar este projeto — {0}. As outras abas mostram o que pôde ser lido; o resto da janela não é afetado.</translation>
    </message>
    <message>
        <source>Demo workspace: {0}</source>
        <translation>Espaço de trabalho de demonstração: {0}</translation>
    </message>
    <message>
        <source>The demo workspace could not be copied: {0}</source>
        <translation>Não foi possível copiar o espaço de trabalho de demonstração: {0}</translation>
    </message>
    <message>
        <source>Created {0}, but could not register it: {1}</source>
        <translation>{0} foi criado, mas não foi possível registrá-lo: {1}</translation>
    </message>
    <message>
        <source>Created {0}; added as a workspace of its own</source>
        <translation>{0} foi criado e adicionado como um espaço de trabalho próprio</translation>
    </message>
    <message>
        <source>Created {0} in workspace {1}</source>
        <translation>{0} foi criado no espaço de trabalho {1}</translation>
    </message>
    <message>
        <source>Closing Global defaults</source>
        <translation>Fechando os padrões globais</translation>
    </message>
    <message>
        <source>Global defaults</source>
        <translation>Padrões globais</translation>
    </message>
    <message>
        <source>Config matrix</source>
        <translation>Matriz de configurações</translation>
    </message>
    <message>
        <source>No project is open: nothing to save.</source>
        <translation>Nenhum projeto aberto: nada para salvar.</translation>
    </message>
    <message>
        <source>● Unsaved: %1</source>
        <translation>● Não salvo: %1</translation>
    </message>
    <message>
        <source>The * in the window title: Settings changes not saved yet in %1. File → Save all (Ctrl+Shift+S) saves them; the project tree marks each such project with ●.</source>
        <translation>O * no título da janela: há alterações de configurações ainda não salvas em %1. Arquivo → Salvar tudo (Ctrl+Shift+S) salva todas; a árvore de projetos marca cada um desses projetos com ●.</translation>
    </message>
    <message>
        <source>No unsaved changes.</source>
        <translation>Nenhuma alteração não salva.</translation>
    </message>
    <message>
        <source>Logging out</source>
        <translation>Encerrando a sessão</translation>
    </message>
    <message>
        <source>Closing MSD Desktop</source>
        <translation>Fechando o MSD Desktop</translation>
    </message>
    <message>
        <source>The scan depth was not kept: %1</source>
        <translation>A profundidade de varredura não foi guardada: %1</translation>
    </message>
    <message>
        <source>Compare projects…</source>
        <translation>Comparar projetos…</translation>
    </message>
    <message>
        <source>Compare two projects&apos; config.json key by key, and copy keys from one to the other</source>
        <translation>Comparar o config.json de dois projetos chave por chave e copiar chaves de um para o outro</translation>
    </message>
    <message>
        <source>Compare with…</source>
        <translation>Comparar com…</translation>
    </message>
    <message>
        <source>Compare this project&apos;s config.json with another project&apos;s</source>
        <translation>Comparar o config.json deste projeto com o de outro projeto</translation>
    </message>
    <message>
        <source>Compare projects</source>
        <translation>Comparar projetos</translation>
    </message>
</context>
<context>
    <name>MergeTableModel</name>
    <message>
        <source>Setting</source>
        <translation>Configuração</translation>
    </message>
    <message>
        <source>As read</source>
        <translation>Como foi lido</translation>
    </message>
    <message>
        <source>On disk now</source>
        <translation>No disco agora</translation>
    </message>
    <message>
        <source>Mine (unsaved)</source>
        <translation>As minhas (não salvas)</translation>
    </message>
    <message>
        <source>Keep mine writes</source>
        <translation>&quot;Manter as minhas&quot; grava</translation>
    </message>
    <message>
        <source>Keep my value</source>
        <translation>Manter o meu valor</translation>
    </message>
    <message>
        <source>invalid — not applied</source>
        <translation>inválido — não aplicado</translation>
    </message>
    <message>
        <source>changed on both sides</source>
        <translation>alterado dos dois lados</translation>
    </message>
    <message>
        <source>changed by you</source>
        <translation>alterado por você</translation>
    </message>
    <message>
        <source>changed on disk</source>
        <translation>alterado no disco</translation>
    </message>
    <message>
        <source>mine</source>
        <translation>o meu</translation>
    </message>
    <message>
        <source>disk&apos;s</source>
        <translation>o do disco</translation>
    </message>
</context>
<context>
    <name>ModelsPanel</name>
    <message>
        <source>Select an agent to see how its model was chosen.</source>
        <translation>Selecione um agente para ver como o modelo dele foi escolhido.</translation>
    </message>
    <message>
        <source>Copy as JSON</source>
        <translation>Copiar como JSON</translation>
    </message>
    <message>
        <source>&amp;Routing diagram</source>
        <translation>&amp;Diagrama de roteamento</translation>
    </message>
    <message>
        <source>&amp;Trace table</source>
        <translation>&amp;Tabela do rastro</translation>
    </message>
    <message>
        <source>Runti&amp;mes</source>
        <translation>Por runti&amp;me</translation>
    </message>
    <message>
        <source>Go to the agents table</source>
        <translation>Ir para a tabela de agentes</translation>
    </message>
    <message>
        <source>Copy what “msd resolve-model &lt;agent&gt;” prints for the selected agent, for the project as it is on disk ({0})</source>
        <translation>Copiar o que “msd resolve-model &lt;agent&gt;” imprime para o agente selecionado, com o projeto como está no disco ({0})</translation>
    </message>
    <message>
        <source>Copy the selected agent&apos;s resolution as JSON</source>
        <translation>Copiar a resolução do agente selecionado como JSON</translation>
    </message>
    <message>
        <source>Agents and their resolved models</source>
        <translation>Agentes e os modelos resolvidos</translation>
    </message>
    <message>
        <source>Trace of the selected agent</source>
        <translation>Rastro do agente selecionado</translation>
    </message>
    <message>
        <source>Routing of the selected agent</source>
        <translation>Roteamento do agente selecionado</translation>
    </message>
    <message>
        <source>No agents to show: this project&apos;s settings could not be loaded (the reason is above). Fix the file and the table fills in.</source>
        <translation>Nenhum agente para mostrar: não foi possível carregar as configurações deste projeto (o motivo está acima). Corrija o arquivo e a tabela será preenchida.</translation>
    </message>
    <message>
        <source>No agents to show: the model catalog lists none and config.json names none in model_overrides.</source>
        <translation>Nenhum agente para mostrar: o catálogo de modelos não lista nenhum e o config.json não indica nenhum em model_overrides.</translation>
    </message>
    <message>
        <source>Select an agent in the table above to see every layer consulted for its model, effort and fast mode.</source>
        <translation>Selecione um agente na tabela acima para ver cada camada consultada para o modelo, o esforço e o modo rápido dele.</translation>
    </message>
    <message>
        <source>This project&apos;s settings could not be loaded (from the file check): {0}</source>
        <translation>Não foi possível carregar as configurações deste projeto (da verificação do arquivo): {0}</translation>
    </message>
    <message>
        <source> · draft applied</source>
        <translation> · rascunho aplicado</translation>
    </message>
    <message>
        <source>What-if: {0}</source>
        <translation>Simulação: {0}</translation>
    </message>
    <message numerus="yes">
        <source>%n agent(s) change</source>
        <translation>
            <numerusform>%n agente muda</numerusform>
            <numerusform>%n agentes mudam</numerusform>
        </translation>
    </message>
    <message>
        <source>no agent changes</source>
        <translation>nenhum agente muda</translation>
    </message>
</context>
<context>
    <name>ModelsWords</name>
    <message>
        <source>what-if</source>
        <translation>simulação</translation>
    </message>
    <message>
        <source>tier {0}</source>
        <translation>nível {0}</translation>
    </message>
    <message>
        <source>workstream “{0}”</source>
        <translation>frente de trabalho “{0}”</translation>
    </message>
    <message>
        <source>the project&apos;s .planning/config.json</source>
        <translation>.planning/config.json do projeto</translation>
    </message>
    <message>
        <source>~/.msd/defaults.json (this folder has no .planning/)</source>
        <translation>~/.msd/defaults.json (esta pasta não tem .planning/)</translation>
    </message>
    <message>
        <source>the built-in defaults</source>
        <translation>padrões embutidos</translation>
    </message>
    <message>
        <source>the file is empty, so the defaults apply</source>
        <translation>o arquivo está vazio, então valem os padrões</translation>
    </message>
    <message>
        <source>the workstream has no config.json of its own, so the project&apos;s is used</source>
        <translation>a frente de trabalho não tem config.json próprio, então é usado o do projeto</translation>
    </message>
    <message>
        <source>no config file was found</source>
        <translation>nenhum arquivo de configuração foi encontrado</translation>
    </message>
    <message>
        <source>the file could not be read</source>
        <translation>não foi possível ler o arquivo</translation>
    </message>
    <message>
        <source>MSD_RUNTIME variable</source>
        <translation>variável MSD_RUNTIME</translation>
    </message>
    <message>
        <source>config.json runtime</source>
        <translation>runtime do config.json</translation>
    </message>
    <message>
        <source>install marker</source>
        <translation>marcador de instalação</translation>
    </message>
    <message>
        <source>default</source>
        <translation>padrão</translation>
    </message>
    <message>
        <source>unsaved Settings draft</source>
        <translation>rascunho não salvo das Configurações</translation>
    </message>
    <message>
        <source>profile {0}</source>
        <translation>perfil {0}</translation>
    </message>
    <message>
        <source>runtime {0}</source>
        <translation>runtime {0}</translation>
    </message>
    <message>
        <source>attempt {0}</source>
        <translation>tentativa {0}</translation>
    </message>
    <message>
        <source>&lt;b&gt;{0}&lt;/b&gt;, {1}: model &lt;b&gt;{2}&lt;/b&gt; from {3}{4}; effort &lt;b&gt;{5}&lt;/b&gt; from {6}; fast mode &lt;b&gt;{7}&lt;/b&gt; from {8}</source>
        <translation>&lt;b&gt;{0}&lt;/b&gt;, {1}: modelo &lt;b&gt;{2}&lt;/b&gt; de {3}{4}; esforço &lt;b&gt;{5}&lt;/b&gt; de {6}; modo rápido &lt;b&gt;{7}&lt;/b&gt; de {8}</translation>
    </message>
    <message>
        <source>{0}, {1}: model {2} from {3}{4}; effort {5} from {6}; fast mode {7} from {8}</source>
        <translation>{0}, {1}: modelo {2} de {3}{4}; esforço {5} de {6}; modo rápido {7} de {8}</translation>
    </message>
    <message>
        <source>Layer ids: model {0}, effort {1}, fast mode {2}</source>
        <translation>IDs das camadas: modelo {0}, esforço {1}, modo rápido {2}</translation>
    </message>
    <message>
        <source>with the what-if (runtime {0}, profile {1})</source>
        <translation>com a simulação (runtime {0}, perfil {1})</translation>
    </message>
    <message>
        <source>as configured (runtime {0}, profile {1})</source>
        <translation>como configurado (runtime {0}, perfil {1})</translation>
    </message>
    <message>
        <source>Settings read from {0}: {1}.</source>
        <translation>Configurações lidas de: {0} — {1}.</translation>
    </message>
    <message>
        <source>Settings read from {0}.</source>
        <translation>Configurações lidas de: {0}.</translation>
    </message>
    <message>
        <source>⚠ Partly read: {0}</source>
        <translation>⚠ Lidas em parte: {0}</translation>
    </message>
    <message>
        <source>From the file check: {0}</source>
        <translation>Da verificação do arquivo: {0}</translation>
    </message>
    <message>
        <source>{0} {1}</source>
        <translation>{0} {1}</translation>
    </message>
    <message>
        <source>omit gate: active runtime {0} ({1})</source>
        <translation>regra de omissão: runtime ativo {0} ({1})</translation>
    </message>
    <message>
        <source>Config source id: {0}; reason id: {1}</source>
        <translation>ID da origem da configuração: {0}; ID do motivo: {1}</translation>
    </message>
</context>
<context>
    <name>NewProjectDialog</name>
    <message>
        <source>Project folder</source>
        <translation>Pasta do projeto</translation>
    </message>
    <message>
        <source>New project — MSD Desktop</source>
        <translation>Novo projeto — MSD Desktop</translation>
    </message>
    <message>
        <source>&amp;Folder:</source>
        <translation>&amp;Pasta:</translation>
    </message>
    <message>
        <source>The whole path of the new project&apos;s folder; a missing one can be created</source>
        <translation>O caminho completo da pasta do novo projeto; uma pasta que não existe pode ser criada</translation>
    </message>
    <message>
        <source>A folder without .planning/ (a missing one can be created)</source>
        <translation>Uma pasta sem .planning/ (se não existir, pode ser criada)</translation>
    </message>
    <message>
        <source>config.json preview</source>
        <translation>Prévia do config.json</translation>
    </message>
    <message>
        <source>Also written: .planning/STATE.md (status planning, milestone v1.0, no progress yet; next step /msd-new-project).</source>
        <translation>Também é gravado: .planning/STATE.md (status planning, marco v1.0, sem progresso ainda; próximo passo /msd-new-project).</translation>
    </message>
    <message>
        <source>Create project</source>
        <translation>Criar projeto</translation>
    </message>
    <message>
        <source>API keys (stored in the OS keyring, never in config.json)</source>
        <translation>Chaves de API (guardadas no chaveiro do sistema, nunca no config.json)</translation>
    </message>
    <message>
        <source>Store the keys for all projects (global keyring entry)</source>
        <translation>Guardar as chaves para todos os projetos (entrada global no chaveiro)</translation>
    </message>
    <message>
        <source>not set</source>
        <translation>não definido</translation>
    </message>
    <message>
        <source>cannot be stored here</source>
        <translation>não pode ser guardada aqui</translation>
    </message>
    <message>
        <source>Checking the OS keyring…</source>
        <translation>Verificando o chaveiro do sistema…</translation>
    </message>
    <message>
        <source>&amp;Browse…</source>
        <translation>P&amp;rocurar…</translation>
    </message>
    <message>
        <source>How you work</source>
        <translation>Como você trabalha</translation>
    </message>
    <message>
        <source>Workflow</source>
        <translation>Fluxo de trabalho</translation>
    </message>
    <message>
        <source>Git</source>
        <translation>Git</translation>
    </message>
    <message>
        <source>Create the folder?</source>
        <translation>Criar a pasta?</translation>
    </message>
    <message>
        <source>%1 does not exist yet. Create it (and any missing parent folders) for the new project?</source>
        <translation>%1 ainda não existe. Criá-la (com as pastas acima que faltarem) para o novo projeto?</translation>
    </message>
    <message>
        <source>The new project&apos;s folder (Alt+F)</source>
        <translation>A pasta do novo projeto (Alt+P)</translation>
    </message>
    <message>
        <source>Browse for the project folder</source>
        <translation>Procurar a pasta do projeto</translation>
    </message>
    <message>
        <source>Choose the folder in a file dialog (Alt+B)</source>
        <translation>Escolher a pasta numa janela de arquivos (Alt+R)</translation>
    </message>
    <message>
        <source>The exact file Create project writes, read-only</source>
        <translation>O arquivo exato que Criar projeto grava, somente leitura</translation>
    </message>
    <message>
        <source>The config.json to be written appears here once every choice is valid.</source>
        <translation>O config.json a ser gravado aparece aqui quando todas as escolhas forem válidas.</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Cancelar</translation>
    </message>
    <message>
        <source>Close without creating anything (Escape)</source>
        <translation>Fechar sem criar nada (Esc)</translation>
    </message>
    <message>
        <source>Write .planning/config.json and .planning/STATE.md in the folder (Return)</source>
        <translation>Gravar .planning/config.json e .planning/STATE.md na pasta (Enter)</translation>
    </message>
    <message>
        <source>already available (%1)</source>
        <translation>já disponível (%1)</translation>
    </message>
    <message>
        <source>Keys typed here go to the OS keyring (%1).</source>
        <translation>As chaves digitadas aqui vão para o chaveiro do sistema (%1).</translation>
    </message>
    <message>
        <source>Keyring backend: %1</source>
        <translation>Back-end do chaveiro: %1</translation>
    </message>
    <message>
        <source>No usable OS keyring, so API keys cannot be stored from here (the project is created without them). The keyring check says: %1</source>
        <translation>Nenhum chaveiro do sistema utilizável, então as chaves de API não podem ser guardadas daqui (o projeto é criado sem elas). A verificação do chaveiro diz: %1</translation>
    </message>
    <message>
        <source>The keyring check says: %1</source>
        <translation>A verificação do chaveiro diz: %1</translation>
    </message>
    <message>
        <source>Not accepted (the config check says: %1)</source>
        <translation>Não aceito (a verificação da configuração diz: %1)</translation>
    </message>
    <message>
        <source>Choose a folder.</source>
        <translation>Escolha uma pasta.</translation>
    </message>
    <message>
        <source>a file</source>
        <translation>um arquivo</translation>
    </message>
    <message>
        <source>a FIFO (named pipe)</source>
        <translation>um FIFO (pipe nomeado)</translation>
    </message>
    <message>
        <source>a socket</source>
        <translation>um socket</translation>
    </message>
    <message>
        <source>a device</source>
        <translation>um dispositivo</translation>
    </message>
    <message>
        <source>something that is not a folder</source>
        <translation>algo que não é uma pasta</translation>
    </message>
    <message>
        <source>%1 does not exist yet: Create project will offer to create it.</source>
        <translation>%1 ainda não existe: Criar projeto vai oferecer criá-la.</translation>
    </message>
    <message>
        <source>%1 is not an absolute path: give the whole path (for example ~/projects/my-app).</source>
        <translation>%1 não é um caminho absoluto: informe o caminho completo (por exemplo ~/projects/my-app).</translation>
    </message>
    <message>
        <source>%1 is a symlink loop, not a folder.</source>
        <translation>%1 é um ciclo de links simbólicos, não uma pasta.</translation>
    </message>
    <message>
        <source>%1 goes through a file: a part of it is not a folder.</source>
        <translation>%1 passa por um arquivo: uma parte dele não é uma pasta.</translation>
    </message>
    <message>
        <source>%1 cannot be checked: permission denied.</source>
        <translation>%1 não pode ser verificado: permissão negada.</translation>
    </message>
    <message>
        <source>%1 is too long a name for this system.</source>
        <translation>%1 é um nome longo demais para este sistema.</translation>
    </message>
    <message>
        <source>%1 is a symlink to something that does not exist; create the target or choose another folder.</source>
        <translation>%1 é um link simbólico para algo que não existe; crie o destino ou escolha outra pasta.</translation>
    </message>
    <message>
        <source>%1 is %2, not a folder.</source>
        <translation>%1 é %2, não uma pasta.</translation>
    </message>
    <message>
        <source>%1 already has .planning/ — open it instead of creating it.</source>
        <translation>%1 já tem .planning/ — abra-o em vez de criá-lo.</translation>
    </message>
    <message>
        <source>%1 cannot be created (no existing parent).</source>
        <translation>%1 não pode ser criada (nenhuma pasta acima existe).</translation>
    </message>
    <message>
        <source>%1 cannot be created: %2 is %3, not a folder.</source>
        <translation>%1 não pode ser criada: %2 é %3, não uma pasta.</translation>
    </message>
    <message>
        <source>%1 cannot be created: %2 is not writable.</source>
        <translation>%1 não pode ser criada: %2 não permite gravação.</translation>
    </message>
    <message>
        <source>%1 cannot be used (the folder check says: %2)</source>
        <translation>%1 não pode ser usada (a verificação da pasta diz: %2)</translation>
    </message>
    <message>
        <source>The config check says: %1</source>
        <translation>A verificação da configuração diz: %1</translation>
    </message>
    <message>
        <source>No config.json can be made yet (the config check says: %1)</source>
        <translation>Ainda não é possível montar o config.json (a verificação da configuração diz: %1)</translation>
    </message>
    <message>
        <source>Nothing was created: %1 does not exist.</source>
        <translation>Nada foi criado: %1 não existe.</translation>
    </message>
    <message>
        <source>Could not create the project (the file check says: %1)</source>
        <translation>Não foi possível criar o projeto (a verificação dos arquivos diz: %1)</translation>
    </message>
    <message>
        <source>Could not create the project: %1</source>
        <translation>Não foi possível criar o projeto: %1</translation>
    </message>
    <message>
        <source>built-ins ← ~/.msd/defaults.json ← your choices</source>
        <translation>embutidos ← ~/.msd/defaults.json ← suas escolhas</translation>
    </message>
    <message>
        <source>built-ins ← your choices (no ~/.msd/defaults.json)</source>
        <translation>embutidos ← suas escolhas (sem ~/.msd/defaults.json)</translation>
    </message>
    <message>
        <source>Creating…</source>
        <translation>Criando…</translation>
    </message>
</context>
<context>
    <name>NextCommandWidget</name>
    <message>
        <source>Terminal program</source>
        <translation>Programa de terminal</translation>
    </message>
    <message>
        <source>Terminal command (empty = the platform default; {cwd} = the project folder):</source>
        <translation>Comando do terminal (vazio = o padrão da plataforma; {cwd} = a pasta do projeto):</translation>
    </message>
    <message>
        <source>Next:</source>
        <translation>Próximo:</translation>
    </message>
    <message>
        <source>Next command</source>
        <translation>Próximo comando</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>Copiar</translation>
    </message>
    <message>
        <source>Copy the command to the clipboard</source>
        <translation>Copia o comando para a área de transferência</translation>
    </message>
    <message>
        <source>Copy the next command to the clipboard</source>
        <translation>Copia o próximo comando para a área de transferência</translation>
    </message>
    <message>
        <source>Open a terminal here</source>
        <translation>Abrir um terminal aqui</translation>
    </message>
    <message>
        <source>Open a terminal in the project folder</source>
        <translation>Abre um terminal na pasta do projeto</translation>
    </message>
    <message>
        <source>Choose the program with “Choose terminal…” below or in Edit → Preferences (for example %1, or a command line with {cwd} for the project folder), or set the TERMINAL environment variable before starting MSD Desktop.</source>
        <translation>Escolha o programa com “Escolher terminal…” abaixo ou em Editar → Preferências (por exemplo %1, ou uma linha de comando com {cwd} para a pasta do projeto), ou defina a variável de ambiente TERMINAL antes de iniciar o MSD Desktop.</translation>
    </message>
    <message>
        <source>Choose the program with “Choose terminal…” below or in Edit → Preferences.</source>
        <translation>Escolha o programa com “Escolher terminal…” abaixo ou em Editar → Preferências.</translation>
    </message>
    <message>
        <source>— (STATE.md could not be read)</source>
        <translation>— (não foi possível ler o STATE.md)</translation>
    </message>
    <message>
        <source>— (STATE.md names no next step)</source>
        <translation>— (o STATE.md não indica um próximo passo)</translation>
    </message>
    <message>
        <source>This project has no STATE.md yet: this command sets it up</source>
        <translation>Este projeto ainda não tem STATE.md: este comando o configura</translation>
    </message>
    <message>
        <source>Derived: the current phase still has plans without a summary</source>
        <translation>Deduzido: a fase atual ainda tem planos sem resumo</translation>
    </message>
    <message>
        <source>Derived: every plan of the current phase has its summary</source>
        <translation>Deduzido: todos os planos da fase atual têm resumo</translation>
    </message>
    <message>
        <source>Derived from the paused status</source>
        <translation>Deduzido do status pausado</translation>
    </message>
    <message>
        <source>From STATE.md</source>
        <translation>Do STATE.md</translation>
    </message>
    <message>
        <source>Also: %1</source>
        <translation>Também: %1</translation>
    </message>
    <message>
        <source>No terminal program was found.</source>
        <translation>Nenhum programa de terminal foi encontrado.</translation>
    </message>
    <message>
        <source>The terminal program %1 could not be started.</source>
        <translation>Não foi possível iniciar o programa de terminal %1.</translation>
    </message>
    <message>
        <source>Looked for: the TERMINAL environment variable, then %1.</source>
        <translation>Procurado: a variável de ambiente TERMINAL e depois %1.</translation>
    </message>
    <message>
        <source>No terminal opened</source>
        <translation>Nenhum terminal aberto</translation>
    </message>
    <message>
        <source>Choose terminal…</source>
        <translation>Escolher terminal…</translation>
    </message>
</context>
<context>
    <name>OverviewModel</name>
    <message>
        <source>Project</source>
        <translation>Projeto</translation>
    </message>
    <message>
        <source>Workspace</source>
        <translation>Espaço de trabalho</translation>
    </message>
    <message>
        <source>Milestone</source>
        <translation>Marco</translation>
    </message>
    <message>
        <source>Phase</source>
        <translation>Fase</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Progress</source>
        <translation>Progresso</translation>
    </message>
    <message>
        <source>Last activity</source>
        <translation>Última atividade</translation>
    </message>
    <message>
        <source>Problems</source>
        <translation>Problemas</translation>
    </message>
    <message>
        <source>STATE.md says: %1</source>
        <translation>O STATE.md diz: %1</translation>
    </message>
</context>
<context>
    <name>OverviewView</name>
    <message>
        <source>All projects</source>
        <translation>Todos os projetos</translation>
    </message>
    <message>
        <source>Click a column to sort</source>
        <translation>Clique em uma coluna para ordenar</translation>
    </message>
    <message>
        <source>No projects yet. Add a project folder (File → Add project…) or a folder to scan for projects (File → Add scan root…).</source>
        <translation>Nenhum projeto ainda. Adicione uma pasta de projeto (Arquivo → Adicionar projeto…) ou uma pasta onde procurar projetos (Arquivo → Adicionar pasta de varredura…).</translation>
    </message>
    <message>
        <source>No project matches the filter.</source>
        <translation>Nenhum projeto corresponde ao filtro.</translation>
    </message>
    <message numerus="yes">
        <source>%n shown</source>
        <translation>
            <numerusform>%n exibido</numerusform>
            <numerusform>%n exibidos</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1, %n with problems</source>
        <translation>
            <numerusform>%1, %n com problemas</numerusform>
            <numerusform>%1, %n com problemas</numerusform>
        </translation>
    </message>
    <message>
        <source>%1, %2</source>
        <translation>%1, %2</translation>
    </message>
    <message>
        <source>— %1 · double-click a row to open it</source>
        <translation>— %1 · clique duas vezes em uma linha para abri-la</translation>
    </message>
</context>
<context>
    <name>PhaseListModel</name>
    <message>
        <source>Phase</source>
        <translation>Fase</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Nome</translation>
    </message>
    <message>
        <source>Plans</source>
        <translation>Planos</translation>
    </message>
    <message>
        <source>Summaries</source>
        <translation>Resumos</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>complete</source>
        <translation>concluída</translation>
    </message>
    <message numerus="yes">
        <source>%n plan(s) open</source>
        <translation>
            <numerusform>%n plano aberto</numerusform>
            <numerusform>%n planos abertos</numerusform>
        </translation>
    </message>
    <message>
        <source>not planned</source>
        <translation>sem planos</translation>
    </message>
    <message>
        <source>Phase %1: %2</source>
        <translation>Fase %1: %2</translation>
    </message>
    <message>
        <source>(current phase)</source>
        <translation>(fase atual)</translation>
    </message>
</context>
<context>
    <name>PreferencesDialog</name>
    <message>
        <source>Preferences — MSD Desktop</source>
        <translation>Preferências — MSD Desktop</translation>
    </message>
    <message>
        <source>&amp;Terminal program:</source>
        <translation>Programa de &amp;terminal:</translation>
    </message>
    <message>
        <source>&amp;Closing the window:</source>
        <translation>&amp;Ao fechar a janela:</translation>
    </message>
    <message>
        <source>&amp;Language:</source>
        <translation>&amp;Idioma:</translation>
    </message>
    <message>
        <source>&amp;Notifications:</source>
        <translation>&amp;Notificações:</translation>
    </message>
    <message>
        <source>&amp;Scan depth:</source>
        <translation>&amp;Profundidade de varredura:</translation>
    </message>
    <message>
        <source>The platform&apos;s default terminal</source>
        <translation>O terminal padrão da plataforma</translation>
    </message>
    <message>
        <source>Terminal program</source>
        <translation>Programa de terminal</translation>
    </message>
    <message>
        <source>What “Open a terminal here” starts: a program (gnome-terminal) or a command line with {cwd} for the project folder. Empty: the TERMINAL environment variable, else the first terminal found.</source>
        <translation>O que “Abrir um terminal aqui” inicia: um programa (gnome-terminal) ou uma linha de comando com {cwd} para a pasta do projeto. Vazio: a variável de ambiente TERMINAL, senão o primeiro terminal encontrado.</translation>
    </message>
    <message>
        <source>Keep running in the tray when closed</source>
        <translation>Continuar na bandeja ao fechar</translation>
    </message>
    <message>
        <source>Closing the window hides it to the tray icon; File → Quit (or the tray&apos;s Quit) ends MSD Desktop</source>
        <translation>Fechar a janela a esconde no ícone da bandeja; Arquivo → Sair (ou Sair na bandeja) encerra o MSD Desktop</translation>
    </message>
    <message>
        <source>System language</source>
        <translation>Idioma do sistema</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>Idioma</translation>
    </message>
    <message>
        <source>Tell me in the tray when a project&apos;s status changes</source>
        <translation>Avisar na bandeja quando o status de um projeto mudar</translation>
    </message>
    <message>
        <source>Scan depth</source>
        <translation>Profundidade de varredura</translation>
    </message>
    <message>
        <source>Folder levels below a scan root searched for projects (0 to %1)</source>
        <translation>Níveis de pasta abaixo de uma pasta de varredura onde se procuram projetos (0 a %1)</translation>
    </message>
    <message>
        <source>How many folder levels below each scan root are searched for projects; applies to every scan root and to the ones added later.</source>
        <translation>Quantos níveis de pasta abaixo de cada pasta de varredura são pesquisados em busca de projetos; vale para todas as pastas de varredura e para as adicionadas depois.</translation>
    </message>
    <message>
        <source>OK</source>
        <translation>OK</translation>
    </message>
    <message>
        <source>&amp;Apply</source>
        <translation>&amp;Aplicar</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Fechar</translation>
    </message>
    <message>
        <source>Close without applying (Esc, Ctrl+W)</source>
        <translation>Fechar sem aplicar (Esc, Ctrl+W)</translation>
    </message>
</context>
<context>
    <name>ProjectBrowserPanel</name>
    <message>
        <source>Scanning %1 — folders read: %2</source>
        <translation>Varrendo %1 — pastas lidas: %2</translation>
    </message>
    <message>
        <source>Folder not found: %1</source>
        <translation>Pasta não encontrada: %1</translation>
    </message>
    <message>
        <source>Cannot read %1: %2</source>
        <translation>Não foi possível ler %1: %2</translation>
    </message>
    <message>
        <source>Scanned %1</source>
        <translation>%1 varrido</translation>
    </message>
    <message>
        <source>(workspace registry)</source>
        <translation>(registro de espaços de trabalho)</translation>
    </message>
    <message>
        <source>Filter projects…</source>
        <translation>Filtrar projetos…</translation>
    </message>
    <message>
        <source>Filter projects</source>
        <translation>Filtrar projetos</translation>
    </message>
    <message>
        <source>Shows only the projects whose name, path or status contains the text</source>
        <translation>Mostra apenas os projetos cujo nome, caminho ou status contém o texto</translation>
    </message>
    <message>
        <source>Projects</source>
        <translation>Projetos</translation>
    </message>
    <message>
        <source>Add project…</source>
        <translation>Adicionar projeto…</translation>
    </message>
    <message>
        <source>Register a project folder (a folder with .planning/)</source>
        <translation>Registrar uma pasta de projeto (uma pasta com .planning/)</translation>
    </message>
    <message>
        <source>Add scan root…</source>
        <translation>Adicionar pasta de varredura…</translation>
    </message>
    <message>
        <source>Register a folder that is searched for projects (not / or your home folder itself)</source>
        <translation>Registrar uma pasta onde procurar projetos (não / nem a sua própria pasta pessoal)</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Remover</translation>
    </message>
    <message>
        <source>Unregister the selected workspace (no files are deleted)</source>
        <translation>Cancelar o registro do espaço de trabalho selecionado (nenhum arquivo é excluído)</translation>
    </message>
    <message>
        <source>Rescan workspaces</source>
        <translation>Varrer os espaços de trabalho de novo</translation>
    </message>
    <message>
        <source>Rescan</source>
        <translation>Varrer de novo</translation>
    </message>
    <message>
        <source>Scan every workspace again</source>
        <translation>Varrer todos os espaços de trabalho de novo</translation>
    </message>
    <message>
        <source>Add</source>
        <translation>Adicionar</translation>
    </message>
    <message>
        <source>Add a project folder or a folder to scan for projects</source>
        <translation>Adicionar uma pasta de projeto ou uma pasta onde procurar projetos</translation>
    </message>
    <message>
        <source>Clear filter</source>
        <translation>Limpar filtro</translation>
    </message>
    <message>
        <source>Filter by project name, path or status (Ctrl+K). Down: into the list; Esc: clear</source>
        <translation>Filtrar por nome, caminho ou status do projeto (Ctrl+K). Seta para baixo: ir para a lista; Esc: limpar</translation>
    </message>
    <message>
        <source>Show every project again</source>
        <translation>Mostrar todos os projetos de novo</translation>
    </message>
    <message>
        <source>Add project folder…</source>
        <translation>Adicionar pasta de projeto…</translation>
    </message>
    <message>
        <source>Scan progress</source>
        <translation>Progresso da varredura</translation>
    </message>
    <message>
        <source>No project matches “%1”.</source>
        <translation>Nenhum projeto corresponde a “%1”.</translation>
    </message>
    <message>
        <source>No workspace yet. Add a project folder (a folder with .planning/), or a scan root: a folder that is searched for projects.</source>
        <translation>Nenhum espaço de trabalho ainda. Adicione uma pasta de projeto (uma pasta com .planning/) ou uma pasta de varredura: uma pasta onde procurar projetos.</translation>
    </message>
    <message>
        <source>Scanning workspaces…</source>
        <translation>Varrendo os espaços de trabalho…</translation>
    </message>
    <message>
        <source>Scan done: %1 in %2 (%3 ms)</source>
        <translation>Varredura concluída: %1 em %2 (%3 ms)</translation>
    </message>
    <message numerus="yes">
        <source>%n project(s)</source>
        <translation>
            <numerusform>%n projeto</numerusform>
            <numerusform>%n projetos</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n workspace(s)</source>
        <translation>
            <numerusform>%n espaço de trabalho</numerusform>
            <numerusform>%n espaços de trabalho</numerusform>
        </translation>
    </message>
    <message>
        <source>Scan failed: %1</source>
        <translation>A varredura falhou: %1</translation>
    </message>
    <message>
        <source>Select a workspace or a project added on its own to remove it</source>
        <translation>Selecione um espaço de trabalho, ou um projeto adicionado sozinho, para removê-lo</translation>
    </message>
    <message>
        <source>%1 is found by the scan root %2: remove the scan root, or move the project, to take it off the list</source>
        <translation>%1 é encontrado pela pasta de varredura %2: remova a pasta de varredura, ou mova o projeto, para tirá-lo da lista</translation>
    </message>
    <message>
        <source>Add project folder</source>
        <translation>Adicionar pasta de projeto</translation>
    </message>
    <message>
        <source>Add scan root</source>
        <translation>Adicionar pasta de varredura</translation>
    </message>
    <message>
        <source>Cannot add folder</source>
        <translation>Não foi possível adicionar a pasta</translation>
    </message>
    <message>
        <source>The workspace registry&apos;s check says:
%1</source>
        <translation>A verificação do registro de espaços de trabalho diz:
%1</translation>
    </message>
    <message>
        <source>Added %1 (%2)</source>
        <translation>%1 adicionado (%2)</translation>
    </message>
    <message>
        <source>Remove workspace</source>
        <translation>Remover espaço de trabalho</translation>
    </message>
    <message>
        <source>Remove %1 (%2) from MSD Desktop?
No files are deleted.</source>
        <translation>Remover %1 (%2) do MSD Desktop?
Nenhum arquivo é excluído.</translation>
    </message>
    <message>
        <source>Cannot remove workspace</source>
        <translation>Não foi possível remover o espaço de trabalho</translation>
    </message>
    <message>
        <source>The workspace registry says:
%1</source>
        <translation>O registro de espaços de trabalho diz:
%1</translation>
    </message>
    <message>
        <source>Removed %1</source>
        <translation>%1 removido</translation>
    </message>
</context>
<context>
    <name>ProjectTabs</name>
    <message>
        <source>The Settings tab is not available: nothing was applied.</source>
        <translation>A aba Configurações não está disponível: nada foi aplicado.</translation>
    </message>
    <message>
        <source>What-if applied to the Settings draft (%1): one undo step; nothing is written until you save.</source>
        <translation>Simulação aplicada ao rascunho das Configurações (%1): um passo de desfazer; nada é gravado até você salvar.</translation>
    </message>
    <message>
        <source>The Settings draft already has the what-if&apos;s settings (%1).</source>
        <translation>O rascunho das Configurações já tem as configurações da simulação (%1).</translation>
    </message>
</context>
<context>
    <name>ProjectTray</name>
    <message>
        <source>could not be read</source>
        <translation>não pôde ser lido</translation>
    </message>
    <message>
        <source>no STATE.md</source>
        <translation>sem STATE.md</translation>
    </message>
    <message>
        <source>Work paused at %1.</source>
        <translation>Trabalho pausado em %1.</translation>
    </message>
    <message>
        <source>Work paused.</source>
        <translation>Trabalho pausado.</translation>
    </message>
    <message>
        <source>%1 paused</source>
        <translation>%1 pausado</translation>
    </message>
    <message numerus="yes">
        <source>%1 (+%n more)</source>
        <translation>
            <numerusform>%1 (+%n outro)</numerusform>
            <numerusform>%1 (+%n outros)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1: %n new blocker(s)</source>
        <translation>
            <numerusform>%1: novo bloqueio</numerusform>
            <numerusform>%1: %n novos bloqueios</numerusform>
        </translation>
    </message>
    <message>
        <source>Milestone %1 is complete.</source>
        <translation>O marco %1 está concluído.</translation>
    </message>
    <message>
        <source>The milestone is complete.</source>
        <translation>O marco está concluído.</translation>
    </message>
    <message>
        <source>%1: milestone complete</source>
        <translation>%1: marco concluído</translation>
    </message>
    <message>
        <source>could not be read in {0:g} s</source>
        <translation>não pôde ser lido em {0:g} s</translation>
    </message>
    <message>
        <source>MSD Desktop</source>
        <translation>MSD Desktop</translation>
    </message>
    <message>
        <source>Show MSD Desktop</source>
        <translation>Mostrar o MSD Desktop</translation>
    </message>
    <message>
        <source>No projects yet — add one in the window</source>
        <translation>Nenhum projeto ainda — adicione um na janela</translation>
    </message>
    <message>
        <source>Quit MSD Desktop</source>
        <translation>Sair do MSD Desktop</translation>
    </message>
    <message numerus="yes">
        <source>%n more project(s) — show the window</source>
        <translation>
            <numerusform>mais %n projeto — mostrar a janela</numerusform>
            <numerusform>mais %n projetos — mostrar a janela</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>MSD Desktop — %n project(s), %1 in progress</source>
        <translation>
            <numerusform>MSD Desktop — %n projeto, %1 em andamento</numerusform>
            <numerusform>MSD Desktop — %n projetos, %1 em andamento</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ProjectTree</name>
    <message>
        <source>Unsaved Settings changes</source>
        <translation>Alterações não salvas nas Configurações</translation>
    </message>
</context>
<context>
    <name>ProjectTreeModel</name>
    <message>
        <source>Project</source>
        <translation>Projeto</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>scan root, not registered</source>
        <translation>pasta de varredura, não registrada</translation>
    </message>
    <message>
        <source>scan root</source>
        <translation>pasta de varredura</translation>
    </message>
    <message>
        <source>project folder, not registered</source>
        <translation>pasta de projeto, não registrada</translation>
    </message>
    <message>
        <source>project folder</source>
        <translation>pasta de projeto</translation>
    </message>
    <message>
        <source>scanning…</source>
        <translation>varrendo…</translation>
    </message>
    <message numerus="yes">
        <source>%n project(s)</source>
        <translation>
            <numerusform>%n projeto</numerusform>
            <numerusform>%n projetos</numerusform>
        </translation>
    </message>
    <message>
        <source>%1, %2</source>
        <translation>%1, %2</translation>
    </message>
    <message>
        <source>loading…</source>
        <translation>carregando…</translation>
    </message>
    <message>
        <source>Workstream %1 (active: named by .planning/active-workstream)</source>
        <translation>Frente de trabalho %1 (ativa: indicada em .planning/active-workstream)</translation>
    </message>
    <message>
        <source>Workstream %1</source>
        <translation>Frente de trabalho %1</translation>
    </message>
    <message>
        <source>active workstream</source>
        <translation>frente de trabalho ativa</translation>
    </message>
    <message>
        <source>workstream</source>
        <translation>frente de trabalho</translation>
    </message>
</context>
<context>
    <name>RecreateDialog</name>
    <message>
        <source>Recreate %1</source>
        <translation>Recriar %1</translation>
    </message>
    <message>
        <source>%1 does not exist. Write it again as it was in the state you choose? API keys are never written from the history.</source>
        <translation>%1 não existe. Gravá-lo de novo como estava no estado que você escolher? Chaves de API nunca são gravadas a partir do histórico.</translation>
    </message>
    <message>
        <source>Recorded states of the file</source>
        <translation>Estados registrados do arquivo</translation>
    </message>
    <message>
        <source>Recreate</source>
        <translation>Recriar</translation>
    </message>
</context>
<context>
    <name>Recreator</name>
    <message>
        <source>The history keeps no content of this file to recreate it from.</source>
        <translation>O histórico não guarda nenhum conteúdo deste arquivo a partir do qual recriá-lo.</translation>
    </message>
    <message>
        <source>Nothing was written.</source>
        <translation>Nada foi gravado.</translation>
    </message>
    <message>
        <source>Writing…</source>
        <translation>Gravando…</translation>
    </message>
    <message>
        <source>Recreated from the history; it is recorded there as a restore.</source>
        <translation>Recriado a partir do histórico; isso fica registrado lá como uma restauração.</translation>
    </message>
    <message>
        <source>API keys were not written: set them again in API keys.</source>
        <translation>As chaves de API não foram gravadas: defina-as de novo em Chaves de API.</translation>
    </message>
    <message>
        <source>Not recreated: %1</source>
        <translation>Não recriado: %1</translation>
    </message>
</context>
<context>
    <name>ResolutionTable</name>
    <message>
        <source>Agent</source>
        <translation>Agente</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modelo</translation>
    </message>
    <message>
        <source>Effort</source>
        <translation>Esforço</translation>
    </message>
    <message>
        <source>Phase</source>
        <translation>Fase</translation>
    </message>
    <message>
        <source>Routing</source>
        <translation>Nível</translation>
    </message>
    <message>
        <source>Fast</source>
        <translation>Rápido</translation>
    </message>
    <message>
        <source>Layer</source>
        <translation>Camada</translation>
    </message>
    <message>
        <source>Flags</source>
        <translation>Avisos</translation>
    </message>
    <message>
        <source>The agent (MSD&apos;s name for it)</source>
        <translation>O agente (o nome dele no MSD)</translation>
    </message>
    <message>
        <source>Phase type: the kind of work the agent does</source>
        <translation>Tipo de fase: o tipo de trabalho que o agente faz</translation>
    </message>
    <message>
        <source>Routing tier: how heavy the agent&apos;s work is (heavy, standard, light)</source>
        <translation>Nível de roteamento: o quanto o trabalho do agente é pesado (heavy, standard, light)</translation>
    </message>
    <message>
        <source>The model the agent runs with (before → after with a what-if)</source>
        <translation>O modelo com que o agente roda (antes → depois numa simulação)</translation>
    </message>
    <message>
        <source>Reasoning effort</source>
        <translation>Esforço de raciocínio</translation>
    </message>
    <message>
        <source>Fast mode: on or off</source>
        <translation>Modo rápido: ligado ou desligado</translation>
    </message>
    <message>
        <source>The layer that decided the model (its id in the cell&apos;s tooltip)</source>
        <translation>A camada que decidiu o modelo (o ID dela na dica da célula)</translation>
    </message>
    <message>
        <source>Warnings and notes</source>
        <translation>Avisos e observações</translation>
    </message>
    <message>
        <source>global override from ~/.msd/defaults.json (MSD merges it per agent, D1; GSD Core ≤ 1.14 ignores it when the project has .planning/)</source>
        <translation>substituição global de ~/.msd/defaults.json (o MSD a mescla por agente, D1; o GSD Core ≤ 1.14 a ignora quando o projeto tem .planning/)</translation>
    </message>
    <message>
        <source>&quot;&quot; (omit)</source>
        <translation>&quot;&quot; (omitir)</translation>
    </message>
    <message>
        <source>&quot;&quot; = omit the model parameter</source>
        <translation>&quot;&quot; = omitir o parâmetro de modelo</translation>
    </message>
    <message>
        <source>inherit = use the session model</source>
        <translation>inherit = usar o modelo da sessão</translation>
    </message>
    <message>
        <source>agent not in the catalog</source>
        <translation>agente fora do catálogo</translation>
    </message>
    <message>
        <source>Layer id: {0}</source>
        <translation>ID da camada: {0}</translation>
    </message>
</context>
<context>
    <name>RoutingChangeModel</name>
    <message>
        <source>Agent</source>
        <translation>Agente</translation>
    </message>
    <message>
        <source>In this entry</source>
        <translation>Nesta entrada</translation>
    </message>
    <message>
        <source>Now</source>
        <translation>Agora</translation>
    </message>
    <message>
        <source>(not resolved)</source>
        <translation>(não resolvido)</translation>
    </message>
    <message>
        <source>&quot;&quot; (omit)</source>
        <translation>&quot;&quot; (omitir)</translation>
    </message>
    <message>
        <source>%1 · effort %2</source>
        <translation>%1 · esforço %2</translation>
    </message>
</context>
<context>
    <name>RoutingDiagram</name>
    <message>
        <source>Model</source>
        <translation>Modelo</translation>
    </message>
    <message>
        <source>Effort</source>
        <translation>Esforço</translation>
    </message>
    <message>
        <source>Fast mode</source>
        <translation>Modo rápido</translation>
    </message>
    <message>
        <source>Per-agent override</source>
        <translation>Substituição por agente</translation>
    </message>
    <message>
        <source>Dynamic routing (retry)</source>
        <translation>Roteamento dinâmico (nova tentativa)</translation>
    </message>
    <message>
        <source>Model policy</source>
        <translation>Política de modelos</translation>
    </message>
    <message>
        <source>Runtime tier override</source>
        <translation>Substituição de nível do runtime</translation>
    </message>
    <message>
        <source>Runtime tier default</source>
        <translation>Padrão de nível do runtime</translation>
    </message>
    <message>
        <source>Omit model IDs</source>
        <translation>Omitir IDs de modelo</translation>
    </message>
    <message>
        <source>Default for an unknown agent</source>
        <translation>Padrão para agente desconhecido</translation>
    </message>
    <message>
        <source>Inherit the session model</source>
        <translation>Herdar o modelo da sessão</translation>
    </message>
    <message>
        <source>Full model ID</source>
        <translation>ID completo do modelo</translation>
    </message>
    <message>
        <source>Tier alias</source>
        <translation>Apelido do nível</translation>
    </message>
    <message>
        <source>Provider escalation</source>
        <translation>Escalonamento de provedor</translation>
    </message>
    <message>
        <source>Effort override</source>
        <translation>Substituição de esforço</translation>
    </message>
    <message>
        <source>Per-agent effort</source>
        <translation>Esforço por agente</translation>
    </message>
    <message>
        <source>Routing-tier effort</source>
        <translation>Esforço por nível de roteamento</translation>
    </message>
    <message>
        <source>Built-in routing-tier effort</source>
        <translation>Esforço embutido por nível de roteamento</translation>
    </message>
    <message>
        <source>Effort default</source>
        <translation>Esforço padrão</translation>
    </message>
    <message>
        <source>Built-in default</source>
        <translation>Padrão embutido</translation>
    </message>
    <message>
        <source>Dynamic routing escalation</source>
        <translation>Escalonamento do roteamento dinâmico</translation>
    </message>
    <message>
        <source>Fast-mode override</source>
        <translation>Substituição do modo rápido</translation>
    </message>
    <message>
        <source>Per-agent fast mode</source>
        <translation>Modo rápido por agente</translation>
    </message>
    <message>
        <source>Routing-tier fast mode</source>
        <translation>Modo rápido por nível de roteamento</translation>
    </message>
    <message>
        <source>Built-in routing-tier fast mode</source>
        <translation>Modo rápido embutido por nível de roteamento</translation>
    </message>
    <message>
        <source>Fast mode switch</source>
        <translation>Chave do modo rápido</translation>
    </message>
    <message>
        <source>Winner</source>
        <translation>Vencedora</translation>
    </message>
    <message>
        <source>Superseded</source>
        <translation>Substituída</translation>
    </message>
    <message>
        <source>Skipped</source>
        <translation>Ignorada</translation>
    </message>
    <message>
        <source>Not consulted</source>
        <translation>Não consultada</translation>
    </message>
    <message>
        <source>Not reached</source>
        <translation>Não alcançada</translation>
    </message>
    <message>
        <source>on</source>
        <translation>ligado</translation>
    </message>
    <message>
        <source>off</source>
        <translation>desligado</translation>
    </message>
    <message>
        <source>&quot;&quot; (omit the model parameter)</source>
        <translation>&quot;&quot; (omitir o parâmetro de modelo)</translation>
    </message>
    <message>
        <source>{0} → {1}</source>
        <translation>{0} → {1}</translation>
    </message>
    <message>
        <source>tier {0} from the phase type&apos;s models entry</source>
        <translation>nível {0} da entrada models do tipo de fase</translation>
    </message>
    <message>
        <source>tier {0} from profile {1}</source>
        <translation>nível {0} do perfil {1}</translation>
    </message>
    <message>
        <source>from the what-if</source>
        <translation>da simulação</translation>
    </message>
    <message>
        <source>built-in</source>
        <translation>embutido</translation>
    </message>
    <message>
        <source>value {0}</source>
        <translation>valor {0}</translation>
    </message>
    <message>
        <source>what-if: {0}</source>
        <translation>simulação: {0}</translation>
    </message>
    <message>
        <source>Routing of {0}: precedence runs top to bottom; the first layer that applies wins.</source>
        <translation>Roteamento de {0}: a precedência vai de cima para baixo; vence a primeira camada que se aplica.</translation>
    </message>
    <message>
        <source>{0}: {1}</source>
        <translation>{0}: {1}</translation>
    </message>
    <message>
        <source>Layer id: {0}</source>
        <translation>ID da camada: {0}</translation>
    </message>
    <message>
        <source>Config key: {0}</source>
        <translation>Chave de configuração: {0}</translation>
    </message>
    <message>
        <source>Value: {0}</source>
        <translation>Valor: {0}</translation>
    </message>
    <message>
        <source>Why: {0}</source>
        <translation>Motivo: {0}</translation>
    </message>
    <message>
        <source>Supplied by the what-if: {0}</source>
        <translation>Fornecido pela simulação: {0}</translation>
    </message>
    <message>
        <source>From: {0}</source>
        <translation>De: {0}</translation>
    </message>
    <message>
        <source>Steered by the what-if: {0}</source>
        <translation>Direcionado pela simulação: {0}</translation>
    </message>
    <message>
        <source>Select an agent to see how its model, effort and fast mode are chosen.</source>
        <translation>Selecione um agente para ver como o modelo, o esforço e o modo rápido dele são escolhidos.</translation>
    </message>
    <message>
        <source>{0}: precedence runs top to bottom; the first layer that applies wins (framed); grey rungs did not apply, with the reason. Hover a rung for its layer id and file.</source>
        <translation>{0}: a precedência vai de cima para baixo; vence a primeira camada que se aplica (com moldura); degraus cinza não se aplicaram, com o motivo. Passe o mouse sobre um degrau para ver o ID da camada e o arquivo.</translation>
    </message>
    <message>
        <source>{0}:</source>
        <translation>{0}:</translation>
    </message>
    <message>
        <source>what-if</source>
        <translation>simulação</translation>
    </message>
    <message>
        <source>Routing diagram</source>
        <translation>Diagrama de roteamento</translation>
    </message>
    <message>
        <source>Routing diagram for {0}</source>
        <translation>Diagrama de roteamento de {0}</translation>
    </message>
    <message>
        <source>No agent selected.</source>
        <translation>Nenhum agente selecionado.</translation>
    </message>
</context>
<context>
    <name>RoutingDiagramPanel</name>
    <message>
        <source>Export PNG…</source>
        <translation>Exportar PNG…</translation>
    </message>
    <message>
        <source>Save the routing diagram as a PNG image</source>
        <translation>Salvar o diagrama de roteamento como imagem PNG</translation>
    </message>
    <message>
        <source>Export SVG…</source>
        <translation>Exportar SVG…</translation>
    </message>
    <message>
        <source>Save the routing diagram as an SVG drawing</source>
        <translation>Salvar o diagrama de roteamento como desenho SVG</translation>
    </message>
    <message>
        <source>Routing diagram, scrollable</source>
        <translation>Diagrama de roteamento, com rolagem</translation>
    </message>
    <message>
        <source>Export the routing diagram as PNG</source>
        <translation>Exportar o diagrama de roteamento como PNG</translation>
    </message>
    <message>
        <source>PNG images (*.png)</source>
        <translation>Imagens PNG (*.png)</translation>
    </message>
    <message>
        <source>Export the routing diagram as SVG</source>
        <translation>Exportar o diagrama de roteamento como SVG</translation>
    </message>
    <message>
        <source>SVG drawings (*.svg)</source>
        <translation>Desenhos SVG (*.svg)</translation>
    </message>
</context>
<context>
    <name>RoutingPane</name>
    <message>
        <source>Model routing that differs</source>
        <translation>Roteamento de modelos que difere</translation>
    </message>
    <message>
        <source>Model routing</source>
        <translation>Roteamento de modelos</translation>
    </message>
    <message>
        <source>Model routing: working it out…</source>
        <translation>Roteamento de modelos: calculando…</translation>
    </message>
    <message numerus="yes">
        <source>Model routing: %n agent(s) change</source>
        <translation>
            <numerusform>Roteamento de modelos: %n agente muda</numerusform>
            <numerusform>Roteamento de modelos: %n agentes mudam</numerusform>
        </translation>
    </message>
    <message>
        <source>Model routing: no routing change.</source>
        <translation>Roteamento de modelos: nenhuma mudança de roteamento.</translation>
    </message>
    <message>
        <source>Model routing could not be worked out: %1</source>
        <translation>Não foi possível calcular o roteamento de modelos: %1</translation>
    </message>
</context>
<context>
    <name>RuntimeGrid</name>
    <message>
        <source>the runtime&apos;s own default</source>
        <translation>o padrão do próprio runtime</translation>
    </message>
    <message>
        <source>the session&apos;s model</source>
        <translation>o modelo da sessão</translation>
    </message>
    <message>
        <source>{model} · {effort}</source>
        <translation>{model} · {effort}</translation>
    </message>
    <message>
        <source>nothing</source>
        <translation>nada</translation>
    </message>
    <message>
        <source>model {model}</source>
        <translation>modelo {model}</translation>
    </message>
    <message>
        <source>no model line</source>
        <translation>sem linha de modelo</translation>
    </message>
    <message>
        <source>effort {effort}</source>
        <translation>esforço {effort}</translation>
    </message>
    <message>
        <source>no effort line</source>
        <translation>sem linha de esforço</translation>
    </message>
    <message>
        <source>Stale: the install at {where} bakes {installed}; config now resolves {expected}. Refresh with: {command}</source>
        <translation>Desatualizado: a instalação em {where} fixa {installed}; a configuração agora resolve {expected}. Atualize com: {command}</translation>
    </message>
    <message>
        <source>The install at {where} bakes the same ({bake}).</source>
        <translation>A instalação em {where} fixa o mesmo ({bake}).</translation>
    </message>
    <message>
        <source>Unreadable in the install at {where}: {problem}</source>
        <translation>Ilegível na instalação em {where}: {problem}</translation>
    </message>
    <message>
        <source>Not installed in the install at {where}.</source>
        <translation>Não instalado na instalação em {where}.</translation>
    </message>
    <message>
        <source>Agent</source>
        <translation>Agente</translation>
    </message>
    <message>
        <source>{runtime} (active)</source>
        <translation>{runtime} (ativo)</translation>
    </message>
    <message>
        <source>{agent}: the runtimes shown do not all give it the same model and effort.</source>
        <translation>{agent}: os runtimes mostrados não lhe dão todos o mesmo modelo e esforço.</translation>
    </message>
    <message>
        <source>{agent}: the same model and effort under every runtime shown.</source>
        <translation>{agent}: o mesmo modelo e esforço em todos os runtimes mostrados.</translation>
    </message>
    <message>
        <source>{before} → {after}</source>
        <translation>{before} → {after}</translation>
    </message>
    <message>
        <source>⚠ {text}</source>
        <translation>⚠ {text}</translation>
    </message>
    <message>
        <source>{text} (install unreadable)</source>
        <translation>{text} (instalação ilegível)</translation>
    </message>
    <message>
        <source>{text} (stale install)</source>
        <translation>{text} (instalação desatualizada)</translation>
    </message>
    <message>
        <source>{agent} under {runtime}: {model}</source>
        <translation>{agent} no {runtime}: {model}</translation>
    </message>
    <message>
        <source>Chosen by: {layer} ({reason})</source>
        <translation>Escolhido por: {layer} ({reason})</translation>
    </message>
    <message>
        <source>Effort sent: {effort} ({layer})</source>
        <translation>Esforço enviado: {effort} ({layer})</translation>
    </message>
    <message>
        <source>This runtime takes no effort setting.</source>
        <translation>Este runtime não recebe ajuste de esforço.</translation>
    </message>
    <message>
        <source>After saving the Settings edits: {text}</source>
        <translation>Depois de salvar as edições das Configurações: {text}</translation>
    </message>
</context>
<context>
    <name>RuntimeGridPanel</name>
    <message>
        <source>Copy command</source>
        <translation>Copiar comando</translation>
    </message>
    <message>
        <source>Open a terminal here with it</source>
        <translation>Abrir um terminal aqui com ele</translation>
    </message>
    <message>
        <source>Every agent under every runtime</source>
        <translation>Cada agente em cada runtime</translation>
    </message>
    <message>
        <source>One row per agent, one column per runtime: the model and effort config resolves to when that runtime runs, marked where an install is stale</source>
        <translation>Uma linha por agente, uma coluna por runtime: o modelo e o esforço que a configuração resolve quando esse runtime roda, marcados onde uma instalação está desatualizada</translation>
    </message>
    <message>
        <source>Which runtime is active, and why</source>
        <translation>Qual runtime está ativo, e por quê</translation>
    </message>
    <message>
        <source>Stale installs</source>
        <translation>Instalações desatualizadas</translation>
    </message>
    <message>
        <source>Copy the refresh command</source>
        <translation>Copiar o comando de atualização</translation>
    </message>
    <message>
        <source>Copy the command that refreshes the stale installs</source>
        <translation>Copiar o comando que atualiza as instalações desatualizadas</translation>
    </message>
    <message>
        <source>Open a terminal with the refresh command</source>
        <translation>Abrir um terminal com o comando de atualização</translation>
    </message>
    <message>
        <source>Copy the refresh command and open a terminal in the project folder, ready to paste it</source>
        <translation>Copiar o comando de atualização e abrir um terminal na pasta do projeto, pronto para colá-lo</translation>
    </message>
    <message>
        <source>The runtime grid could not be built: {reason}</source>
        <translation>A grade de runtimes não pôde ser montada: {reason}</translation>
    </message>
    <message numerus="yes">
        <source>%n agent file(s) of the {runtime} install at {where} are stale: the runtime runs what they bake, not what config says now. Refresh with: {command}</source>
        <translation>
            <numerusform>%n arquivo de agente da instalação {runtime} em {where} está desatualizado: o runtime roda o que ele fixa, não o que a configuração diz agora. Atualize com: {command}</numerusform>
            <numerusform>%n arquivos de agente da instalação {runtime} em {where} estão desatualizados: o runtime roda o que eles fixam, não o que a configuração diz agora. Atualize com: {command}</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Saving the Settings edits will make %n agent file(s) of the {runtime} install at {where} stale. Refresh after saving with: {command}</source>
        <translation>
            <numerusform>Salvar as edições das Configurações vai deixar desatualizado %n arquivo de agente da instalação {runtime} em {where}. Depois de salvar, atualize com: {command}</numerusform>
            <numerusform>Salvar as edições das Configurações vai deixar desatualizados %n arquivos de agente da instalação {runtime} em {where}. Depois de salvar, atualize com: {command}</numerusform>
        </translation>
    </message>
    <message>
        <source>The terminal program {program} could not be started.</source>
        <translation>O programa de terminal {program} não pôde ser iniciado.</translation>
    </message>
    <message>
        <source>Active runtime: {runtime}, decided by the {rung}.</source>
        <translation>Runtime ativo: {runtime}, decidido por: {rung}.</translation>
    </message>
    <message>
        <source>{rung}: not set</source>
        <translation>{rung}: não definido</translation>
    </message>
    <message>
        <source>{rung}: {runtime}, decided ({where})</source>
        <translation>{rung}: {runtime}, decidiu ({where})</translation>
    </message>
    <message>
        <source>{rung}: {runtime}, decided</source>
        <translation>{rung}: {runtime}, decidiu</translation>
    </message>
    <message>
        <source>{rung}: {runtime}, shadowed ({where})</source>
        <translation>{rung}: {runtime}, encoberto ({where})</translation>
    </message>
    <message>
        <source>{rung}: {runtime}, shadowed</source>
        <translation>{rung}: {runtime}, encoberto</translation>
    </message>
</context>
<context>
    <name>RuntimeTiers</name>
    <message>
        <source>(no model)</source>
        <translation>(sem modelo)</translation>
    </message>
    <message>
        <source>Runtime</source>
        <translation>Runtime</translation>
    </message>
    <message>
        <source>Not set: the built-in {0} {1} entry applies ({2}).</source>
        <translation>Não definido: vale a entrada embutida {0} {1} ({2}).</translation>
    </message>
    <message>
        <source>Not set.</source>
        <translation>Não definido.</translation>
    </message>
    <message>
        <source>Not a runtime the catalog knows; it is matched verbatim (did you mean {0}?). Known: {1}.</source>
        <translation>Não é um runtime que o catálogo conhece; é comparado literalmente (você quis dizer {0}?). Conhecidos: {1}.</translation>
    </message>
    <message>
        <source>Not a runtime the catalog knows; it is matched verbatim. Known: {0}.</source>
        <translation>Não é um runtime que o catálogo conhece; é comparado literalmente. Conhecidos: {0}.</translation>
    </message>
    <message>
        <source>Also kept as read: {0}.</source>
        <translation>Também mantido como lido: {0}.</translation>
    </message>
    <message>
        <source>As read: {0} (not an object; kept until a tier is set).</source>
        <translation>Como lido: {0} (não é um objeto; mantido até um nível ser definido).</translation>
    </message>
    <message>
        <source>{0} table</source>
        <translation>tabela {0}</translation>
    </message>
    <message>
        <source>runtime…</source>
        <translation>runtime…</translation>
    </message>
    <message>
        <source>Runtime to add</source>
        <translation>Runtime a adicionar</translation>
    </message>
    <message>
        <source>A runtime the catalog knows, or type another</source>
        <translation>Um runtime que o catálogo conhece, ou digite outro</translation>
    </message>
    <message>
        <source>Add runtime</source>
        <translation>Adicionar runtime</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Remover</translation>
    </message>
    <message>
        <source>Remove the selected runtimes</source>
        <translation>Remover os runtimes selecionados</translation>
    </message>
    <message>
        <source>Double-click a cell: a model id, or a JSON object such as {0}. Empty = not set; grey = the built-in model used then.</source>
        <translation>Clique duas vezes numa célula: um id de modelo, ou um objeto JSON como {0}. Vazio = não definido; cinza = o modelo embutido usado então.</translation>
    </message>
    <message>
        <source>Double-click a cell: a model id, or a JSON object such as {0}. Empty = not set.</source>
        <translation>Clique duas vezes numa célula: um id de modelo, ou um objeto JSON como {0}. Vazio = não definido.</translation>
    </message>
    <message>
        <source>No runtime set here: the built-in entries apply. Add runtime starts a row.</source>
        <translation>Nenhum runtime definido aqui: valem as entradas embutidas. Adicionar runtime cria uma linha.</translation>
    </message>
    <message>
        <source>No runtime set here. Add runtime starts a row.</source>
        <translation>Nenhum runtime definido aqui. Adicionar runtime cria uma linha.</translation>
    </message>
</context>
<context>
    <name>SavingForm</name>
    <message>
        <source>Saving… the changes made meanwhile are saved right after.</source>
        <translation>Salvando… as alterações feitas enquanto isso são salvas logo em seguida.</translation>
    </message>
    <message>
        <source>No unsaved changes.</source>
        <translation>Nenhuma alteração não salva.</translation>
    </message>
    <message>
        <source>Not saved: {0}</source>
        <translation>Não salvo: {0}</translation>
    </message>
    <message>
        <source>Not saved: fix {0} first — {1}</source>
        <translation>Não salvo: corrija {0} antes — {1}</translation>
    </message>
    <message>
        <source>the JSON tab&apos;s text is still being checked.</source>
        <translation>o texto da aba JSON ainda está sendo verificado.</translation>
    </message>
    <message>
        <source>the JSON tab&apos;s text does not parse (line {0}, column {1}): fix it there, or Revert.</source>
        <translation>o texto da aba JSON não é JSON válido (linha {0}, coluna {1}): corrija-o lá, ou Reverter.</translation>
    </message>
    <message>
        <source>Saving…</source>
        <translation>Salvando…</translation>
    </message>
    <message>
        <source>Saving… another program holds the planning lock; waiting for it (Cancel stops the save).</source>
        <translation>Salvando… outro programa detém o bloqueio do planejamento; aguardando-o (Cancelar interrompe o salvamento).</translation>
    </message>
    <message>
        <source>Save cancelled: nothing was written; your changes are kept, unsaved.</source>
        <translation>Salvamento cancelado: nada foi gravado; suas alterações foram mantidas, não salvas.</translation>
    </message>
    <message>
        <source>Not saved: the file changed on disk. Reload or keep yours.</source>
        <translation>Não salvo: o arquivo mudou no disco. Recarregue ou mantenha as suas.</translation>
    </message>
    <message>
        <source>Not saved. The file check says: {0}</source>
        <translation>Não salvo. A verificação do arquivo diz: {0}</translation>
    </message>
</context>
<context>
    <name>SecretWords</name>
    <message>
        <source>in the environment variable %1</source>
        <translation>na variável de ambiente %1</translation>
    </message>
    <message>
        <source>in the file %1</source>
        <translation>no arquivo %1</translation>
    </message>
    <message>
        <source>in the OS keyring (this project)</source>
        <translation>no chaveiro do sistema (este projeto)</translation>
    </message>
    <message>
        <source>in the OS keyring (all projects)</source>
        <translation>no chaveiro do sistema (todos os projetos)</translation>
    </message>
    <message>
        <source>in config.json as plain text — move it to the keyring</source>
        <translation>no config.json em texto puro — mova-a para o chaveiro</translation>
    </message>
    <message>
        <source>marked available in config.json (true)</source>
        <translation>marcada como disponível no config.json (true)</translation>
    </message>
    <message>
        <source>switched off in config.json (false)</source>
        <translation>desativada no config.json (false)</translation>
    </message>
    <message>
        <source>Not stored</source>
        <translation>Não guardada</translation>
    </message>
    <message>
        <source>Stored %1</source>
        <translation>Guardada %1</translation>
    </message>
</context>
<context>
    <name>SettingActions</name>
    <message>
        <source>Reset to default</source>
        <translation>Redefinir para o padrão</translation>
    </message>
    <message>
        <source>Copy key</source>
        <translation>Copiar chave</translation>
    </message>
    <message>
        <source>Copy value as JSON</source>
        <translation>Copiar valor como JSON</translation>
    </message>
    <message>
        <source>Copy command: {0}</source>
        <translation>Copiar comando: {0}</translation>
    </message>
</context>
<context>
    <name>SettingsCounts</name>
    <message numerus="yes">
        <source>revert %n change(s)</source>
        <translation>
            <numerusform>reverter %n alteração</numerusform>
            <numerusform>reverter %n alterações</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n unsaved change(s)</source>
        <translation>
            <numerusform>%n alteração não salva</numerusform>
            <numerusform>%n alterações não salvas</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1: %n unsaved change(s)</source>
        <translation>
            <numerusform>%1: %n alteração não salva</numerusform>
            <numerusform>%1: %n alterações não salvas</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Saved %n change(s) to %1.</source>
        <translation>
            <numerusform>%n alteração salva em %1.</numerusform>
            <numerusform>%n alterações salvas em %1.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n invalid — fix before saving</source>
        <translation>
            <numerusform>%n inválido — corrija antes de salvar</numerusform>
            <numerusform>%n inválidos — corrija antes de salvar</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>SettingsEditors</name>
    <message>
        <source>(not set)</source>
        <translation>(não definido)</translation>
    </message>
    <message>
        <source>(not set — default {0})</source>
        <translation>(não definido — padrão {0})</translation>
    </message>
    <message>
        <source>{0} (not a valid option)</source>
        <translation>{0} (não é uma opção válida)</translation>
    </message>
    <message>
        <source>(default)</source>
        <translation>(padrão)</translation>
    </message>
    <message>
        <source>Must be a whole number.</source>
        <translation>Deve ser um número inteiro.</translation>
    </message>
    <message>
        <source>Must be a number.</source>
        <translation>Deve ser um número.</translation>
    </message>
    <message>
        <source>Not valid JSON: {0}</source>
        <translation>JSON inválido: {0}</translation>
    </message>
    <message>
        <source>default: {0}</source>
        <translation>padrão: {0}</translation>
    </message>
    <message>
        <source>one item per line</source>
        <translation>um item por linha</translation>
    </message>
    <message>
        <source>(not set — auto-detect)</source>
        <translation>(não definido — detectar automaticamente)</translation>
    </message>
    <message>
        <source>true — key stored in the keyring</source>
        <translation>true — chave guardada no chaveiro</translation>
    </message>
    <message>
        <source>false — integration switched off</source>
        <translation>false — integração desligada</translation>
    </message>
    <message>
        <source>Manage key…</source>
        <translation>Gerenciar chave…</translation>
    </message>
    <message>
        <source>Set, replace, reveal or remove the key in the API keys panel</source>
        <translation>Definir, substituir, revelar ou remover a chave no painel Chaves de API</translation>
    </message>
    <message>
        <source>plaintext key {0} — migrate it</source>
        <translation>chave em texto puro {0} — migre-a</translation>
    </message>
    <message>
        <source>No entries: Add creates one.</source>
        <translation>Nenhuma entrada: Adicionar cria uma.</translation>
    </message>
    <message>
        <source>{0} table</source>
        <translation>tabela {0}</translation>
    </message>
    <message>
        <source>Add</source>
        <translation>Adicionar</translation>
    </message>
    <message>
        <source>Add a row</source>
        <translation>Adicionar uma linha</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Remover</translation>
    </message>
    <message>
        <source>Remove the selected rows</source>
        <translation>Remover as linhas selecionadas</translation>
    </message>
    <message>
        <source>Agent</source>
        <translation>Agente</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modelo</translation>
    </message>
    <message>
        <source>No per-agent model overrides: every agent uses its profile&apos;s model. Add sets one.</source>
        <translation>Nenhuma substituição de modelo por agente: cada agente usa o modelo do seu perfil. Adicionar define uma.</translation>
    </message>
    <message>
        <source>Agent names: {0}. Model: an alias (opus, sonnet, haiku), a full model ID, or &quot;&quot; to omit.</source>
        <translation>Nomes de agente: {0}. Modelo: um apelido (opus, sonnet, haiku), um ID de modelo completo, ou &quot;&quot; para omitir.</translation>
    </message>
    <message>
        <source>A skill path is empty.</source>
        <translation>Um caminho de skill está vazio.</translation>
    </message>
    <message>
        <source>Skill paths (comma-separated, relative to the project)</source>
        <translation>Caminhos de skill (separados por vírgula, relativos ao projeto)</translation>
    </message>
    <message>
        <source>No agent skills: agents load only their built-in skills. Add gives an agent skill paths.</source>
        <translation>Nenhuma skill de agente: os agentes carregam só as skills embutidas. Adicionar dá caminhos de skill a um agente.</translation>
    </message>
    <message>
        <source>other slugs, comma-separated</source>
        <translation>outros slugs, separados por vírgula</translation>
    </message>
    <message>
        <source>Other reviewers</source>
        <translation>Outros revisores</translation>
    </message>
    <message>
        <source>Heading</source>
        <translation>Título</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>Origem</translation>
    </message>
    <message>
        <source>Fallback</source>
        <translation>Alternativa</translation>
    </message>
    <message>
        <source>Template</source>
        <translation>Modelo de texto</translation>
    </message>
    <message>
        <source>enabled</source>
        <translation>ativada</translation>
    </message>
    <message>
        <source>e.g. {0}</source>
        <translation>ex.: {0}</translation>
    </message>
    <message>
        <source>Up</source>
        <translation>Subir</translation>
    </message>
    <message>
        <source>Move this section up</source>
        <translation>Mover esta seção para cima</translation>
    </message>
    <message>
        <source>Down</source>
        <translation>Descer</translation>
    </message>
    <message>
        <source>Move this section down</source>
        <translation>Mover esta seção para baixo</translation>
    </message>
    <message>
        <source>No custom sections: the default PR body is used.</source>
        <translation>Nenhuma seção personalizada: usa-se o corpo de PR padrão.</translation>
    </message>
    <message>
        <source>Add section</source>
        <translation>Adicionar seção</translation>
    </message>
    <message>
        <source>one per line, in order</source>
        <translation>um por linha, em ordem</translation>
    </message>
    <message>
        <source>{0}, tried in order</source>
        <translation>{0}, tentados em ordem</translation>
    </message>
    <message>
        <source>{0}: &apos;{1}&apos; is not a whole number.</source>
        <translation>{0}: &apos;{1}&apos; não é um número inteiro.</translation>
    </message>
    <message>
        <source>{0} (as read)</source>
        <translation>{0} (como lido)</translation>
    </message>
    <message>
        <source>Agent names: {0}. Values: {1}.</source>
        <translation>Nomes de agente: {0}. Valores: {1}.</translation>
    </message>
    <message>
        <source>No per-agent values: every agent uses the setting above. Add sets one.</source>
        <translation>Nenhum valor por agente: cada agente usa a configuração acima. Adicionar define um.</translation>
    </message>
    <message>
        <source>Effort</source>
        <translation>Esforço</translation>
    </message>
    <message>
        <source>Fast mode</source>
        <translation>Modo rápido</translation>
    </message>
</context>
<context>
    <name>SettingsForm</name>
    <message>
        <source>Discard unsaved settings?</source>
        <translation>Descartar as configurações não salvas?</translation>
    </message>
    <message>
        <source>You have unsaved settings. {0} discards them. Continue?</source>
        <translation>Você tem configurações não salvas. {0} as descarta. Continuar?</translation>
    </message>
    <message>
        <source>Clear {0}</source>
        <translation>Limpar {0}</translation>
    </message>
    <message>
        <source>{0}. (Hover for the valid keys.)</source>
        <translation>{0}. (Passe o mouse para ver as chaves válidas.)</translation>
    </message>
    <message>
        <source>{0} &apos;{1}&apos;</source>
        <translation>{0} &apos;{1}&apos;</translation>
    </message>
    <message>
        <source>Not set in any file</source>
        <translation>Não definido em nenhum arquivo</translation>
    </message>
    <message>
        <source>ignored: {0}</source>
        <translation>ignorado: {0}</translation>
    </message>
    <message>
        <source>Modified in: {0}</source>
        <translation>Modificado em: {0}</translation>
    </message>
    <message>
        <source>Also modified in: {0}</source>
        <translation>Também modificado em: {0}</translation>
    </message>
    <message>
        <source>Setting</source>
        <translation>Configuração</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>Valor</translation>
    </message>
</context>
<context>
    <name>SettingsUndo</name>
    <message>
        <source>clear {0}</source>
        <translation>limpar {0}</translation>
    </message>
    <message>
        <source>set {0} to {1}</source>
        <translation>definir {0} como {1}</translation>
    </message>
    <message>
        <source>reset {0}</source>
        <translation>redefinir {0}</translation>
    </message>
</context>
<context>
    <name>ShortcutsDialog</name>
    <message>
        <source>Window</source>
        <translation>Janela</translation>
    </message>
    <message>
        <source>Go to: %1</source>
        <translation>Ir para: %1</translation>
    </message>
    <message>
        <source>%1 or %2</source>
        <translation>%1 ou %2</translation>
    </message>
    <message>
        <source>Keyboard shortcuts — MSD Desktop</source>
        <translation>Atalhos de teclado — MSD Desktop</translation>
    </message>
    <message>
        <source>Keys of this window right now (a project&apos;s tabs add theirs while it is open).</source>
        <translation>As teclas desta janela agora (as abas de um projeto somam as suas enquanto ele está aberto).</translation>
    </message>
    <message>
        <source>Filter by key or action</source>
        <translation>Filtrar por tecla ou ação</translation>
    </message>
    <message>
        <source>Filter shortcuts</source>
        <translation>Filtrar atalhos</translation>
    </message>
    <message>
        <source>Shortcut</source>
        <translation>Atalho</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>Ação</translation>
    </message>
    <message>
        <source>Where</source>
        <translation>Onde</translation>
    </message>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>Atalhos de teclado</translation>
    </message>
    <message>
        <source>No shortcut matches this filter.</source>
        <translation>Nenhum atalho corresponde a este filtro.</translation>
    </message>
    <message>
        <source>This window defines no keyboard shortcut.</source>
        <translation>Esta janela não define nenhum atalho de teclado.</translation>
    </message>
</context>
<context>
    <name>SidePagesForm</name>
    <message>
        <source>Only the project&apos;s config.json keeps keys that can be moved</source>
        <translation>Só o config.json do projeto guarda chaves que podem ser movidas</translation>
    </message>
    <message>
        <source>Save or revert your changes first</source>
        <translation>Salve ou reverta suas alterações antes</translation>
    </message>
    <message>
        <source>Move the plaintext keys into the OS keyring</source>
        <translation>Mover as chaves em texto puro para o chaveiro do sistema</translation>
    </message>
    <message numerus="yes">
        <source>Moved %n key(s) to the keyring: %1.</source>
        <translation>
            <numerusform>%n chave movida para o chaveiro: %1.</numerusform>
            <numerusform>%n chaves movidas para o chaveiro: %1.</numerusform>
        </translation>
    </message>
    <message>
        <source>Nothing to move to the keyring.</source>
        <translation>Nada a mover para o chaveiro.</translation>
    </message>
    <message>
        <source>The keyring check says: %1</source>
        <translation>A verificação do chaveiro diz: %1</translation>
    </message>
    <message>
        <source>Not moved: {0}</source>
        <translation>Não movido: {0}</translation>
    </message>
</context>
<context>
    <name>StatePanel</name>
    <message>
        <source>none in STATE.md — %1 (derived)</source>
        <translation>%1 (deduzida; nenhuma no STATE.md)</translation>
    </message>
    <message>
        <source>The MSD status line segment, as the core renders it</source>
        <translation>O trecho da linha de status do MSD, como o núcleo o apresenta</translation>
    </message>
    <message>
        <source>Status line</source>
        <translation>Linha de status</translation>
    </message>
    <message>
        <source>Milestone progress</source>
        <translation>Progresso do marco</translation>
    </message>
    <message>
        <source>Milestone</source>
        <translation>Marco</translation>
    </message>
    <message>
        <source>STATE.md names no milestone</source>
        <translation>O STATE.md não indica nenhum marco</translation>
    </message>
    <message>
        <source>Phase</source>
        <translation>Fase</translation>
    </message>
    <message>
        <source>STATE.md names no current phase</source>
        <translation>O STATE.md não indica a fase atual</translation>
    </message>
    <message>
        <source>Plan</source>
        <translation>Plano</translation>
    </message>
    <message>
        <source>STATE.md names no current plan</source>
        <translation>O STATE.md não indica o plano atual</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>STATE.md has no status</source>
        <translation>O STATE.md não tem status</translation>
    </message>
    <message>
        <source>Next action</source>
        <translation>Próxima ação</translation>
    </message>
    <message>
        <source>STATE.md names no next step, and none follows from its status</source>
        <translation>O STATE.md não indica o próximo passo, e o status não leva a nenhum</translation>
    </message>
    <message>
        <source>Last activity</source>
        <translation>Última atividade</translation>
    </message>
    <message>
        <source>From milestone and milestone_name in STATE.md</source>
        <translation>Das chaves milestone e milestone_name do STATE.md</translation>
    </message>
    <message>
        <source>Open</source>
        <translation>Abrir</translation>
    </message>
    <message>
        <source>Open STATE.md or ROADMAP.md in your editor, or show the planning folder</source>
        <translation>Abrir STATE.md ou ROADMAP.md no seu editor, ou mostrar a pasta de planejamento</translation>
    </message>
    <message>
        <source>STATE.md in your editor</source>
        <translation>STATE.md no seu editor</translation>
    </message>
    <message>
        <source>ROADMAP.md in your editor</source>
        <translation>ROADMAP.md no seu editor</translation>
    </message>
    <message>
        <source>Show the planning folder</source>
        <translation>Mostrar a pasta de planejamento</translation>
    </message>
    <message>
        <source>The current phase, from STATE.md</source>
        <translation>A fase atual, segundo o STATE.md</translation>
    </message>
    <message>
        <source>The current plan, from STATE.md</source>
        <translation>O plano atual, segundo o STATE.md</translation>
    </message>
    <message>
        <source>The normalized status; the value&apos;s tooltip has the text STATE.md gives</source>
        <translation>O status normalizado; a dica do valor mostra o texto que o STATE.md traz</translation>
    </message>
    <message>
        <source>From next_action and next_phases in STATE.md</source>
        <translation>Das chaves next_action e next_phases do STATE.md</translation>
    </message>
    <message>
        <source>From last_activity in STATE.md</source>
        <translation>Da chave last_activity do STATE.md</translation>
    </message>
    <message>
        <source>STATE.md records no last activity</source>
        <translation>O STATE.md não registra a última atividade</translation>
    </message>
    <message>
        <source>%1:</source>
        <translation>%1:</translation>
    </message>
    <message>
        <source>Position</source>
        <translation>Posição</translation>
    </message>
    <message>
        <source>Last session</source>
        <translation>Última sessão</translation>
    </message>
    <message>
        <source>STATE.md records no last session</source>
        <translation>O STATE.md não registra a última sessão</translation>
    </message>
    <message>
        <source>Stopped at</source>
        <translation>Parou em</translation>
    </message>
    <message>
        <source>STATE.md does not say where the work stopped</source>
        <translation>O STATE.md não diz onde o trabalho parou</translation>
    </message>
    <message>
        <source>Resume file</source>
        <translation>Retomar de</translation>
    </message>
    <message>
        <source>STATE.md names no file to resume from</source>
        <translation>O STATE.md não indica um arquivo para retomar</translation>
    </message>
    <message>
        <source>Session continuity</source>
        <translation>Continuidade da sessão</translation>
    </message>
    <message>
        <source>Phases of the current milestone</source>
        <translation>Fases do marco atual</translation>
    </message>
    <message>
        <source>Blockers</source>
        <translation>Bloqueios</translation>
    </message>
    <message>
        <source>No blockers recorded in STATE.md</source>
        <translation>Nenhum bloqueio registrado no STATE.md</translation>
    </message>
    <message>
        <source>Decisions</source>
        <translation>Decisões</translation>
    </message>
    <message>
        <source>No decisions recorded in STATE.md</source>
        <translation>Nenhuma decisão registrada no STATE.md</translation>
    </message>
    <message>
        <source>Pending todos</source>
        <translation>Pendências</translation>
    </message>
    <message>
        <source>No pending todos in STATE.md</source>
        <translation>Nenhuma pendência no STATE.md</translation>
    </message>
    <message>
        <source>Blockers, decisions and pending todos</source>
        <translation>Bloqueios, decisões e pendências</translation>
    </message>
    <message>
        <source>Phases</source>
        <translation>Fases</translation>
    </message>
    <message>
        <source>STATE.md rendered (read-only)</source>
        <translation>STATE.md formatado (somente leitura)</translation>
    </message>
    <message>
        <source>STATE.md, rendered (read-only)</source>
        <translation>STATE.md, formatado (somente leitura)</translation>
    </message>
    <message>
        <source>STATE.md has no text below its header.</source>
        <translation>O STATE.md não tem texto abaixo do cabeçalho.</translation>
    </message>
    <message>
        <source>Select a project to see its state.</source>
        <translation>Selecione um projeto para ver o estado dele.</translation>
    </message>
    <message>
        <source>This project has no STATE.md yet.

STATE.md, in the project&apos;s .planning folder, is where MSD keeps track of where the work stands: the milestone, the current phase and plan, the status and the next step. It is written when the project is set up; to set it up, run this in your coding agent:

/msd-new-project

(or create the project here with File → New project…)</source>
        <translation>Este projeto ainda não tem STATE.md.

O STATE.md, na pasta .planning do projeto, é onde o MSD registra em que ponto o trabalho está: o marco, a fase e o plano atuais, o status e o próximo passo. Ele é criado quando o projeto é configurado; para configurá-lo, execute no seu agente de programação:

/msd-new-project

(ou crie o projeto aqui em Arquivo → Novo projeto…)</translation>
    </message>
    <message>
        <source>ROADMAP.md lists no phases for the current milestone yet. The roadmap is written by:
/msd-new-project (the first milestone)
/msd-new-milestone (the next one)</source>
        <translation>O ROADMAP.md ainda não lista fases para o marco atual. O roteiro é escrito por:
/msd-new-project (o primeiro marco)
/msd-new-milestone (o próximo)</translation>
    </message>
    <message>
        <source>{0} does not exist.</source>
        <translation>{0} não existe.</translation>
    </message>
    <message>
        <source>Opened {0} with your desktop&apos;s program.</source>
        <translation>{0} aberto com o programa do seu desktop.</translation>
    </message>
    <message>
        <source>Nothing on this desktop opens {0}: open it yourself.</source>
        <translation>Nenhum programa deste desktop abre {0}: abra-o você mesmo.</translation>
    </message>
    <message numerus="yes">
        <source>ROADMAP.md lists %n phase(s) for the current milestone.</source>
        <translation>
            <numerusform>O ROADMAP.md lista %n fase para o marco atual.</numerusform>
            <numerusform>O ROADMAP.md lista %n fases para o marco atual.</numerusform>
        </translation>
    </message>
    <message>
        <source>No phases to show.</source>
        <translation>Nenhuma fase para mostrar.</translation>
    </message>
    <message>
        <source>Showing the state read before.</source>
        <translation>Mostrando o estado lido antes.</translation>
    </message>
    <message>
        <source>Nothing else could be read.</source>
        <translation>Nada mais pôde ser lido.</translation>
    </message>
    <message>
        <source>The state of this project could not be read.</source>
        <translation>Não foi possível ler o estado deste projeto.</translation>
    </message>
    <message>
        <source>STATE.md could not be read: %1</source>
        <translation>Não foi possível ler o STATE.md: %1</translation>
    </message>
    <message>
        <source>Showing the last good state, read %1.</source>
        <translation>Mostrando o último estado válido, lido às %1.</translation>
    </message>
    <message>
        <source>No earlier good state to show.</source>
        <translation>Não há um estado válido anterior para mostrar.</translation>
    </message>
    <message>
        <source>STATE.md could not be read. The file check says: %1</source>
        <translation>Não foi possível ler o STATE.md. A verificação dos arquivos diz: %1</translation>
    </message>
    <message numerus="yes">
        <source>The file check found %n problem(s):</source>
        <translation>
            <numerusform>A verificação dos arquivos encontrou %n problema:</numerusform>
            <numerusform>A verificação dos arquivos encontrou %n problemas:</numerusform>
        </translation>
    </message>
    <message>
        <source>No STATE.md in this project yet</source>
        <translation>Este projeto ainda não tem STATE.md</translation>
    </message>
    <message>
        <source>(empty status line)</source>
        <translation>(linha de status vazia)</translation>
    </message>
    <message>
        <source>Full: %1
Compact: %2</source>
        <translation>Completa: %1
Compacta: %2</translation>
    </message>
    <message>
        <source>no progress data</source>
        <translation>sem dados de progresso</translation>
    </message>
    <message>
        <source>%1%</source>
        <translation>%1%</translation>
    </message>
    <message>
        <source>STATE.md says: %1</source>
        <translation>O STATE.md diz: %1</translation>
    </message>
    <message numerus="yes">
        <source>%n phase(s) in this milestone</source>
        <translation>
            <numerusform>%n fase neste marco</numerusform>
            <numerusform>%n fases neste marco</numerusform>
        </translation>
    </message>
    <message>
        <source>Blockers (%1)</source>
        <translation>Bloqueios (%1)</translation>
    </message>
    <message>
        <source>Decisions (%1)</source>
        <translation>Decisões (%1)</translation>
    </message>
    <message>
        <source>Pending todos (%1)</source>
        <translation>Pendências (%1)</translation>
    </message>
    <message>
        <source>(STATE.md is longer; the rest is not shown)</source>
        <translation>(o STATE.md é mais longo; o restante não é mostrado)</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>STATE.md could not be read (see above)</source>
        <translation>Não foi possível ler o STATE.md (veja acima)</translation>
    </message>
</context>
<context>
    <name>StatusNotice</name>
    <message>
        <source>Dismiss this message</source>
        <translation>Dispensar esta mensagem</translation>
    </message>
    <message>
        <source>Notice</source>
        <translation>Aviso</translation>
    </message>
</context>
<context>
    <name>StatusText</name>
    <message>
        <source>paused</source>
        <extracomment>The core&apos;s normalized status words (``normalize_status``), for the translation refresh.</extracomment>
        <translation>pausado</translation>
    </message>
    <message>
        <source>executing</source>
        <translation>executando</translation>
    </message>
    <message>
        <source>planning</source>
        <translation>planejando</translation>
    </message>
    <message>
        <source>discussing</source>
        <translation>discutindo</translation>
    </message>
    <message>
        <source>verifying</source>
        <translation>verificando</translation>
    </message>
    <message>
        <source>completed</source>
        <translation>concluído</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>desconhecido</translation>
    </message>
    <message>
        <source>complete</source>
        <extracomment>The status line&apos;s own words (``render_state_segment``), for the translation refresh.</extracomment>
        <translation>concluído</translation>
    </message>
    <message>
        <source>PAUSED</source>
        <translation>PAUSADO</translation>
    </message>
    <message>
        <source>milestone complete</source>
        <translation>marco concluído</translation>
    </message>
    <message>
        <source>no active workstream</source>
        <translation>nenhuma frente de trabalho ativa</translation>
    </message>
    <message>
        <source>Phase %1</source>
        <extracomment>The compact line&apos;s own spellings of two statuses, and the status word every other view uses for them (the overview&apos;s Status column, the State tab).</extracomment>
        <translation>Fase %1</translation>
    </message>
    <message>
        <source>Phase %1 %2</source>
        <translation>Fase %1 %2</translation>
    </message>
    <message>
        <source>P%1</source>
        <translation>F%1</translation>
    </message>
    <message>
        <source>P%1/%2</source>
        <translation>F%1/%2</translation>
    </message>
    <message>
        <source>ph %1/%2</source>
        <translation>fase %1/%2</translation>
    </message>
    <message>
        <source>next %1</source>
        <translation>a seguir: %1</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 de %2</translation>
    </message>
    <message>
        <source>%1 of %2 (%3)</source>
        <translation>%1 de %2 (%3)</translation>
    </message>
    <message>
        <source>%1 of %2 in the current phase</source>
        <translation>%1 de %2 na fase atual</translation>
    </message>
    <message>
        <source>%1 line %2</source>
        <translation>%1, linha %2</translation>
    </message>
</context>
<context>
    <name>SummaryPipeline</name>
    <message>
        <source>The summary cache is not used (projects are read from their files): {0}</source>
        <translation>O cache de resumos não é usado (os projetos são lidos dos seus arquivos): {0}</translation>
    </message>
</context>
<context>
    <name>TimelineModel</name>
    <message>
        <source>When</source>
        <translation>Quando</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>Origem</translation>
    </message>
    <message>
        <source>Label</source>
        <translation>Rótulo</translation>
    </message>
    <message>
        <source>vs saved</source>
        <translation>vs salvo</translation>
    </message>
    <message>
        <source>vs draft</source>
        <translation>vs rascunho</translation>
    </message>
    <message>
        <source>How many keys of the entry differ from the saved file</source>
        <translation>Quantas chaves da entrada diferem do arquivo salvo</translation>
    </message>
    <message>
        <source>How many keys of the entry differ from your draft</source>
        <translation>Quantas chaves da entrada diferem do seu rascunho</translation>
    </message>
    <message>
        <source>%1, batch %2</source>
        <translation>%1, lote %2</translation>
    </message>
    <message>
        <source>pinned</source>
        <translation>fixada</translation>
    </message>
    <message>
        <source>file absent</source>
        <translation>arquivo ausente</translation>
    </message>
    <message>
        <source>not kept</source>
        <translation>não guardado</translation>
    </message>
    <message>
        <source>unreadable</source>
        <translation>ilegível</translation>
    </message>
    <message numerus="yes">
        <source>%n key(s)</source>
        <translation>
            <numerusform>%n chave</numerusform>
            <numerusform>%n chaves</numerusform>
        </translation>
    </message>
    <message>
        <source>same</source>
        <translation>igual</translation>
    </message>
</context>
<context>
    <name>TraceTable</name>
    <message>
        <source>Layer</source>
        <translation>Camada</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>Valor</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>Resultado</translation>
    </message>
    <message>
        <source>Why</source>
        <translation>Motivo</translation>
    </message>
    <message>
        <source>File</source>
        <translation>Arquivo</translation>
    </message>
    <message>
        <source>Which value: model, effort or fast mode</source>
        <translation>Qual valor: modelo, esforço ou modo rápido</translation>
    </message>
    <message>
        <source>The precedence layer (its id in the cell&apos;s tooltip)</source>
        <translation>A camada de precedência (o ID dela na dica da célula)</translation>
    </message>
    <message>
        <source>What the layer held</source>
        <translation>O que a camada continha</translation>
    </message>
    <message>
        <source>Whether the layer decided the value</source>
        <translation>Se a camada decidiu o valor</translation>
    </message>
    <message>
        <source>Why it applied or not (from the resolver)</source>
        <translation>Por que se aplicou ou não (segundo o resolvedor)</translation>
    </message>
    <message>
        <source>Where the value came from</source>
        <translation>De onde veio o valor</translation>
    </message>
    <message>
        <source>(absent)</source>
        <translation>(ausente)</translation>
    </message>
    <message>
        <source>✔ applied</source>
        <translation>✔ aplicada</translation>
    </message>
    <message>
        <source>skipped</source>
        <translation>ignorada</translation>
    </message>
    <message>
        <source>not consulted</source>
        <translation>não consultada</translation>
    </message>
    <message>
        <source>Layer id: {0}</source>
        <translation>ID da camada: {0}</translation>
    </message>
</context>
<context>
    <name>TrayClose</name>
    <message>
        <source>Keep running in the tray when closed</source>
        <translation>Continuar na bandeja ao fechar</translation>
    </message>
    <message>
        <source>Closing the window hides it to the tray icon; File → Quit (or the tray&apos;s Quit) ends MSD Desktop</source>
        <translation>Fechar a janela a esconde no ícone da bandeja; Arquivo → Sair (ou Sair na bandeja) encerra o MSD Desktop</translation>
    </message>
    <message>
        <source>MSD Desktop is still running</source>
        <translation>O MSD Desktop continua em execução</translation>
    </message>
    <message>
        <source>The window was closed to the tray. Click the tray icon to show it again; use Quit in its menu or File → Quit to end MSD Desktop.</source>
        <translation>A janela foi fechada para a bandeja. Clique no ícone da bandeja para mostrá-la de novo; use Sair no menu dele ou Arquivo → Sair para encerrar o MSD Desktop.</translation>
    </message>
</context>
<context>
    <name>TreeContextMenu</name>
    <message>
        <source>Menu of the selected project or workspace</source>
        <translation>Menu do projeto ou espaço de trabalho selecionado</translation>
    </message>
    <message>
        <source>Exclude from this workspace</source>
        <translation>Excluir deste espaço de trabalho</translation>
    </message>
    <message>
        <source>Leave %1 out of the scan of %2 (no files change; include it again from the workspace&apos;s menu)</source>
        <translation>Deixar %1 fora da varredura de %2 (nenhum arquivo muda; inclua-o de novo pelo menu do espaço de trabalho)</translation>
    </message>
    <message>
        <source>Only a registered scan root keeps a list of projects it leaves out</source>
        <translation>Só uma pasta de varredura registrada guarda uma lista de projetos deixados de fora</translation>
    </message>
    <message>
        <source>Excluded projects</source>
        <translation>Projetos excluídos</translation>
    </message>
    <message>
        <source>Include %1 again</source>
        <translation>Incluir %1 de novo</translation>
    </message>
    <message>
        <source>No project is excluded</source>
        <translation>Nenhum projeto excluído</translation>
    </message>
    <message>
        <source>Excluded %1 from %2; its menu lists it to include again</source>
        <translation>%1 excluído de %2; o menu do espaço de trabalho o lista para incluir de novo</translation>
    </message>
    <message>
        <source>Included %1 in %2 again</source>
        <translation>%1 incluído de novo em %2</translation>
    </message>
    <message>
        <source>Cannot change the workspace</source>
        <translation>Não foi possível alterar o espaço de trabalho</translation>
    </message>
    <message>
        <source>The workspace registry says:
%1</source>
        <translation>O registro de espaços de trabalho diz:
%1</translation>
    </message>
</context>
<context>
    <name>UnsavedEdits</name>
    <message>
        <source>Unsaved edits could not be kept safe against a crash ({0}); save them to be sure.</source>
        <translation>Não foi possível proteger as edições não salvas contra uma falha ({0}); salve-as para garantir.</translation>
    </message>
    <message>
        <source>Unsaved edits of an earlier run were not looked at: {0}</source>
        <translation>As alterações não salvas de uma execução anterior não foram consultadas: {0}</translation>
    </message>
    <message numerus="yes">
        <source>Restored %n unsaved change(s) from the last run, which ended without saving: save or revert them.</source>
        <translation>
            <numerusform>%n alteração não salva da última execução, que terminou sem salvar, foi restaurada: salve-a ou reverta-a.</numerusform>
            <numerusform>%n alterações não salvas da última execução, que terminou sem salvar, foram restauradas: salve-as ou reverta-as.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n edited API key(s) were not kept: secrets are never written to disk.</source>
        <translation>
            <numerusform>%n chave de API editada não foi mantida: segredos nunca são gravados em disco.</numerusform>
            <numerusform>%n chaves de API editadas não foram mantidas: segredos nunca são gravados em disco.</numerusform>
        </translation>
    </message>
    <message>
        <source>Global defaults have unsaved changes from the last run, which ended without saving: Global defaults shows them.</source>
        <translation>Os padrões globais têm alterações não salvas da última execução, que terminou sem salvar: a janela Padrões globais as mostra.</translation>
    </message>
    <message>
        <source>Global defaults</source>
        <translation>Padrões globais</translation>
    </message>
    <message>
        <source>Unsaved changes elsewhere</source>
        <translation>Alterações não salvas em outros lugares</translation>
    </message>
    <message>
        <source>Nothing to save here. Settings changes are not saved yet in:</source>
        <translation>Nada para salvar aqui. Há alterações de configurações ainda não salvas em:</translation>
    </message>
    <message>
        <source>Save all</source>
        <translation>Salvar tudo</translation>
    </message>
</context>
<context>
    <name>UnsavedSettings</name>
    <message>
        <source>Unsaved settings</source>
        <translation>Configurações não salvas</translation>
    </message>
    <message>
        <source>{0}: save your changes to the settings first?</source>
        <translation>{0}: salvar antes suas alterações nas configurações?</translation>
    </message>
    <message>
        <source>the save was cancelled</source>
        <translation>o salvamento foi cancelado</translation>
    </message>
    <message>
        <source>Saving… another program may hold the planning lock.</source>
        <extracomment>A quit&apos;s saves that take longer than this show a box with Cancel (ms).</extracomment>
        <translation>Salvando… outro programa pode estar detendo o bloqueio do planejamento.</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Cancelar</translation>
    </message>
    <message>
        <source>Saving settings</source>
        <translation>Salvando configurações</translation>
    </message>
    <message>
        <source>Not saved</source>
        <translation>Não salvo</translation>
    </message>
    <message>
        <source>These settings could not be saved; nothing was lost, the window stays open:</source>
        <translation>Estas configurações não puderam ser salvas; nada se perdeu, a janela continua aberta:</translation>
    </message>
</context>
<context>
    <name>WhatIfBar</name>
    <message>
        <source>What if</source>
        <translation>Simulação</translation>
    </message>
    <message>
        <source>runtime: as configured</source>
        <translation>runtime: como configurado</translation>
    </message>
    <message>
        <source>runtime: {0}</source>
        <translation>runtime: {0}</translation>
    </message>
    <message>
        <source>profile: as configured</source>
        <translation>perfil: como configurado</translation>
    </message>
    <message>
        <source>profile: {0}</source>
        <translation>perfil: {0}</translation>
    </message>
    <message>
        <source>attempt: </source>
        <translation>tentativa: </translation>
    </message>
    <message>
        <source>attempt: none</source>
        <translation>tentativa: nenhuma</translation>
    </message>
    <message>
        <source>effort: no override</source>
        <translation>esforço: sem substituição</translation>
    </message>
    <message>
        <source>effort: {0}</source>
        <translation>esforço: {0}</translation>
    </message>
    <message>
        <source>Apply unsaved Settings &amp;draft</source>
        <translation>Aplicar o &amp;rascunho das Configurações</translation>
    </message>
    <message>
        <source>Re&amp;set</source>
        <translation>Redefi&amp;nir</translation>
    </message>
    <message>
        <source>Appl&amp;y to settings</source>
        <translation>Aplicar às configuraçõe&amp;s</translation>
    </message>
    <message>
        <source>Resolve as if config.json named this runtime (Alt+U)</source>
        <translation>Resolver como se o config.json indicasse este runtime (Alt+U)</translation>
    </message>
    <message>
        <source>Resolve as if config.json named this model profile (Alt+P)</source>
        <translation>Resolver como se o config.json indicasse este perfil de modelo (Alt+P)</translation>
    </message>
    <message>
        <source>Resolve as if the agent were started with --effort (ignored with an attempt number, as upstream) (Alt+O)</source>
        <translation>Resolver como se o agente fosse iniciado com --effort (ignorado quando há número de tentativa, como no upstream) (Alt+O)</translation>
    </message>
    <message>
        <source>Retry attempt number: dynamic routing escalates the tier and effort on failed attempts (Alt+A)</source>
        <translation>Número da tentativa: o roteamento dinâmico eleva o nível e o esforço a cada tentativa que falha (Alt+A)</translation>
    </message>
    <message>
        <source>Resolve with the Settings tab&apos;s unsaved edits, on a copy: nothing is written (Alt+D)</source>
        <translation>Resolver com as alterações não salvas da aba Configurações, numa cópia: nada é gravado (Alt+R)</translation>
    </message>
    <message>
        <source>Back to the project as it is on disk (Alt+S)</source>
        <translation>Voltar ao projeto como está no disco (Alt+N)</translation>
    </message>
    <message>
        <source>Put the what-if&apos;s runtime and profile into this project&apos;s Settings draft as one undo step; nothing is written until you save (Alt+Y). Effort and attempt are not settings: they stay here</source>
        <translation>Levar o runtime e o perfil da simulação para o rascunho das Configurações deste projeto como um passo de desfazer; nada é gravado até você salvar (Alt+S). Esforço e tentativa não são configurações: ficam aqui</translation>
    </message>
    <message>
        <source>What-if runtime</source>
        <translation>Runtime da simulação</translation>
    </message>
    <message>
        <source>What-if model profile</source>
        <translation>Perfil de modelo da simulação</translation>
    </message>
    <message>
        <source>What-if effort override</source>
        <translation>Substituição de esforço da simulação</translation>
    </message>
    <message>
        <source>What-if retry attempt number</source>
        <translation>Número da tentativa na simulação</translation>
    </message>
    <message>
        <source>Apply the unsaved Settings draft</source>
        <translation>Aplicar o rascunho não salvo das Configurações</translation>
    </message>
    <message>
        <source>Reset the what-if</source>
        <translation>Redefinir a simulação</translation>
    </message>
    <message>
        <source>Apply the what-if to the settings</source>
        <translation>Aplicar a simulação às configurações</translation>
    </message>
    <message>
        <source>apply the what-if (%1)</source>
        <translation>aplicar a simulação (%1)</translation>
    </message>
    <message>
        <source>claude by default</source>
        <translation>claude por padrão</translation>
    </message>
    <message>
        <source>balanced by default</source>
        <translation>balanced por padrão</translation>
    </message>
    <message>
        <source>claude, the default</source>
        <translation>claude, o padrão</translation>
    </message>
    <message>
        <source>balanced, the default</source>
        <translation>balanced, o padrão</translation>
    </message>
    <message>
        <source>runtime: as configured ({0})</source>
        <translation>runtime: como configurado ({0})</translation>
    </message>
    <message>
        <source>profile: as configured ({0})</source>
        <translation>perfil: como configurado ({0})</translation>
    </message>
</context>
<context>
    <name>WorkspaceWatch</name>
    <message>
        <source>not watching</source>
        <translation>sem monitoramento</translation>
    </message>
    <message>
        <source>setting up watches…</source>
        <translation>preparando o monitoramento…</translation>
    </message>
    <message>
        <source>a watch was refused</source>
        <translation>um monitoramento foi recusado</translation>
    </message>
    <message>
        <source>⚠ {0} of {1} workspaces polled every {2:g} s</source>
        <translation>⚠ {0} de {1} espaços de trabalho verificados a cada {2:g} s</translation>
    </message>
    <message>
        <source>The system would not watch every folder ({0}). Changes there are found by checking the files every {1:g} s instead.</source>
        <translation>O sistema não quis monitorar todas as pastas ({0}). As mudanças nelas são encontradas verificando os arquivos a cada {1:g} s.</translation>
    </message>
    <message>
        <source>Watching is limited: {0}. Changes in {1} workspace(s) show up within {2:g} s.</source>
        <translation>O monitoramento está limitado: {0}. Mudanças em {1} espaço(s) de trabalho aparecem em até {2:g} s.</translation>
    </message>
    <message numerus="yes">
        <source>watching %n project(s)</source>
        <translation>
            <numerusform>monitorando %n projeto</numerusform>
            <numerusform>monitorando %n projetos</numerusform>
        </translation>
    </message>
    <message>
        <source>Projects whose .planning/ folder is watched for changes</source>
        <translation>Projetos cuja pasta .planning/ é monitorada em busca de mudanças</translation>
    </message>
    <message numerus="yes">
        <source>%n project(s)</source>
        <translation>
            <numerusform>%n projeto</numerusform>
            <numerusform>%n projetos</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n new</source>
        <translation>
            <numerusform>novos: %n</numerusform>
            <numerusform>novos: %n</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n gone</source>
        <translation>
            <numerusform>removidos: %n</numerusform>
            <numerusform>removidos: %n</numerusform>
        </translation>
    </message>
    <message>
        <source>Rescan: %1 (%2, %3)</source>
        <translation>Nova varredura: %1 (%2, %3)</translation>
    </message>
</context>
<context>
    <name>schema</name>
    <message>
        <source>Core</source>
        <comment>section/core</comment>
        <translation>Principal</translation>
    </message>
    <message>
        <source>Context profile</source>
        <comment>section/context_profile</comment>
        <translation>Perfil de contexto</translation>
    </message>
    <message>
        <source>Model</source>
        <comment>section/model</comment>
        <translation>Modelo</translation>
    </message>
    <message>
        <source>Workflow</source>
        <comment>section/workflow</comment>
        <translation>Fluxo de trabalho</translation>
    </message>
    <message>
        <source>Planning</source>
        <comment>section/planning</comment>
        <translation>Planejamento</translation>
    </message>
    <message>
        <source>Git</source>
        <comment>section/git</comment>
        <translation>Git</translation>
    </message>
    <message>
        <source>Parallelization</source>
        <comment>section/parallelization</comment>
        <translation>Paralelização</translation>
    </message>
    <message>
        <source>Gates</source>
        <comment>section/gates</comment>
        <translation>Confirmações</translation>
    </message>
    <message>
        <source>Safety</source>
        <comment>section/safety</comment>
        <translation>Salvaguardas</translation>
    </message>
    <message>
        <source>Security</source>
        <comment>section/security</comment>
        <translation>Segurança</translation>
    </message>
    <message>
        <source>Review</source>
        <comment>section/review</comment>
        <translation>Revisão</translation>
    </message>
    <message>
        <source>Ship</source>
        <comment>section/ship</comment>
        <translation>Entrega</translation>
    </message>
    <message>
        <source>Integrations</source>
        <comment>section/integrations</comment>
        <translation>Integrações</translation>
    </message>
    <message>
        <source>Statusline</source>
        <comment>section/statusline</comment>
        <translation>Linha de status</translation>
    </message>
    <message>
        <source>Hooks</source>
        <comment>section/hooks</comment>
        <translation>Ganchos</translation>
    </message>
    <message>
        <source>Effort</source>
        <comment>section/effort</comment>
        <translation>Esforço</translation>
    </message>
    <message>
        <source>Fast mode</source>
        <comment>section/fast_mode</comment>
        <translation>Modo rápido</translation>
    </message>
    <message>
        <source>Features</source>
        <comment>section/features</comment>
        <translation>Recursos</translation>
    </message>
    <message>
        <source>Planner</source>
        <comment>section/planner</comment>
        <translation>Planejador</translation>
    </message>
    <message>
        <source>Executor</source>
        <comment>section/executor</comment>
        <translation>Executor</translation>
    </message>
    <message>
        <source>Code quality</source>
        <comment>section/code_quality</comment>
        <translation>Qualidade de código</translation>
    </message>
    <message>
        <source>Plan review</source>
        <comment>section/plan_review</comment>
        <translation>Revisão de plano</translation>
    </message>
    <message>
        <source>Graphify</source>
        <comment>section/graphify</comment>
        <translation>Graphify</translation>
    </message>
    <message>
        <source>Manager</source>
        <comment>section/manager</comment>
        <translation>Gerente</translation>
    </message>
    <message>
        <source>Agent skills</source>
        <comment>section/agent_skills</comment>
        <translation>Skills de agentes</translation>
    </message>
    <message>
        <source>Audit</source>
        <comment>section/audit</comment>
        <translation>Auditoria</translation>
    </message>
    <message>
        <source>Capabilities</source>
        <comment>section/capabilities</comment>
        <translation>Capacidades</translation>
    </message>
    <message>
        <source>Claude orchestration</source>
        <comment>section/claude_orchestration</comment>
        <translation>Orquestração do Claude</translation>
    </message>
    <message>
        <source>External job</source>
        <comment>section/external_job</comment>
        <translation>Tarefa externa</translation>
    </message>
    <message>
        <source>Mempalace</source>
        <comment>section/mempalace</comment>
        <translation>Mempalace</translation>
    </message>
    <message>
        <source>Model overrides</source>
        <comment>model_overrides/title</comment>
        <translation>Substituições de modelo</translation>
    </message>
    <message>
        <source>Agent skills</source>
        <comment>agent_skills/title</comment>
        <translation>Skills de agentes</translation>
    </message>
    <message>
        <source>skill paths injected into the named agent&apos;s prompt (agent_skills.&lt;agent&gt;); paths must stay inside the project</source>
        <comment>agent_skills/description</comment>
        <translation>caminhos de skills injetados no prompt do agente indicado (agent_skills.&lt;agent&gt;); os caminhos devem ficar dentro do projeto</translation>
    </message>
    <message>
        <source>Tier per phase type</source>
        <comment>models/title</comment>
        <translation>Nível por tipo de fase</translation>
    </message>
    <message>
        <source>tier for every agent of a phase type (models.&lt;phase_type&gt;)</source>
        <comment>models/description</comment>
        <translation>nível para todos os agentes de um tipo de fase (models.&lt;phase_type&gt;)</translation>
    </message>
    <message>
        <source>Granularity per phase type</source>
        <comment>granularities/title</comment>
        <translation>Granularidade por tipo de fase</translation>
    </message>
    <message>
        <source>granularity for a phase type (granularities.&lt;phase_type&gt;; upstream-only)</source>
        <comment>granularities/description</comment>
        <translation>granularidade para um tipo de fase (granularities.&lt;phase_type&gt;; só no upstream)</translation>
    </message>
    <message>
        <source>Dynamic routing</source>
        <comment>dynamic_routing/title</comment>
        <translation>Roteamento dinâmico</translation>
    </message>
    <message>
        <source>escalate the model tier on failed attempts, or switch models when a provider quota is exceeded (dynamic_routing.*)</source>
        <comment>dynamic_routing/description</comment>
        <translation>escalar o nível do modelo em tentativas com falha, ou trocar de modelo quando a cota do provedor é excedida (dynamic_routing.*)</translation>
    </message>
    <message>
        <source>Effort per routing tier</source>
        <comment>effort.routing_tier_defaults/title</comment>
        <translation>Esforço por nível de roteamento</translation>
    </message>
    <message>
        <source>effort for every agent of a routing tier (effort.routing_tier_defaults.&lt;tier&gt;)</source>
        <comment>effort.routing_tier_defaults/description</comment>
        <translation>esforço para todos os agentes de um nível de roteamento (effort.routing_tier_defaults.&lt;tier&gt;)</translation>
    </message>
    <message>
        <source>Effort per agent</source>
        <comment>effort.agent_overrides/title</comment>
        <translation>Esforço por agente</translation>
    </message>
    <message>
        <source>effort for one agent (effort.agent_overrides.&lt;agent&gt;)</source>
        <comment>effort.agent_overrides/description</comment>
        <translation>esforço para um agente (effort.agent_overrides.&lt;agent&gt;)</translation>
    </message>
    <message>
        <source>Fast mode per routing tier</source>
        <comment>fast_mode.routing_tier_defaults/title</comment>
        <translation>Modo rápido por nível de roteamento</translation>
    </message>
    <message>
        <source>fast mode for every agent of a routing tier (fast_mode.routing_tier_defaults.&lt;tier&gt;)</source>
        <comment>fast_mode.routing_tier_defaults/description</comment>
        <translation>modo rápido para todos os agentes de um nível de roteamento (fast_mode.routing_tier_defaults.&lt;tier&gt;)</translation>
    </message>
    <message>
        <source>Fast mode per agent</source>
        <comment>fast_mode.agent_overrides/title</comment>
        <translation>Modo rápido por agente</translation>
    </message>
    <message>
        <source>fast mode for one agent (fast_mode.agent_overrides.&lt;agent&gt;)</source>
        <comment>fast_mode.agent_overrides/description</comment>
        <translation>modo rápido para um agente (fast_mode.agent_overrides.&lt;agent&gt;)</translation>
    </message>
    <message>
        <source>Model per runtime and tier</source>
        <comment>model_profile_overrides/title</comment>
        <translation>Modelo por runtime e nível</translation>
    </message>
    <message>
        <source>model id (or {model, reasoning_effort}) for a runtime&apos;s tier, over the built-in runtime map; used when runtime is set and is not claude (model_profile_overrides.&lt;runtime&gt;.&lt;tier&gt;)</source>
        <comment>model_profile_overrides/description</comment>
        <translation>id do modelo (ou {model, reasoning_effort}) para o nível de um runtime, sobrepondo o mapa de runtimes embutido; usado quando runtime está definido e não é claude (model_profile_overrides.&lt;runtime&gt;.&lt;tier&gt;)</translation>
    </message>
    <message>
        <source>Model policy per runtime and tier</source>
        <comment>model_policy.runtime_tiers/title</comment>
        <translation>Política de modelo por runtime e nível</translation>
    </message>
    <message>
        <source>model id (or {model, ...}) for a runtime&apos;s tier, checked by model_policy before the provider presets; no runtime set = claude (model_policy.runtime_tiers.&lt;runtime&gt;.&lt;tier&gt;)</source>
        <comment>model_policy.runtime_tiers/description</comment>
        <translation>id do modelo (ou {model, ...}) para o nível de um runtime, consultado pelo model_policy antes das predefinições do provedor; sem runtime definido = claude (model_policy.runtime_tiers.&lt;runtime&gt;.&lt;tier&gt;)</translation>
    </message>
    <message>
        <source>Trusted global roots</source>
        <comment>agent_skills_security.trusted_global_roots/title</comment>
        <translation>Raízes globais confiáveis</translation>
    </message>
    <message>
        <source>Enabled</source>
        <comment>audit.enabled/title</comment>
        <translation>Ativado</translation>
    </message>
    <message>
        <source>append every dispatch to .planning/.msd-trace.jsonl</source>
        <comment>audit.enabled/description</comment>
        <translation>acrescentar cada despacho a .planning/.msd-trace.jsonl</translation>
    </message>
    <message>
        <source>Auto update</source>
        <comment>capabilities.auto_update/title</comment>
        <translation>Atualização automática</translation>
    </message>
    <message>
        <source>Strict known registries</source>
        <comment>capabilities.strict_known_registries/title</comment>
        <translation>Registros conhecidos estritos</translation>
    </message>
    <message>
        <source>Enabled</source>
        <comment>profile-pipeline.enabled/title</comment>
        <translation>Ativado</translation>
    </message>
    <message>
        <source>Enabled</source>
        <comment>claude_orchestration.enabled/title</comment>
        <translation>Ativado</translation>
    </message>
    <message>
        <source>Execution backend</source>
        <comment>claude_orchestration.execution_backend/title</comment>
        <translation>Backend de execução</translation>
    </message>
    <message>
        <source>Fallow › Enabled</source>
        <comment>code_quality.fallow.enabled/title</comment>
        <translation>Fallow › Ativado</translation>
    </message>
    <message>
        <source>fallow structural pre-pass for code review</source>
        <comment>code_quality.fallow.enabled/description</comment>
        <translation>pré-análise estrutural do fallow para a revisão de código</translation>
    </message>
    <message>
        <source>Fallow › MCP</source>
        <comment>code_quality.fallow.mcp/title</comment>
        <translation>Fallow › MCP</translation>
    </message>
    <message>
        <source>reserved, currently a no-op</source>
        <comment>code_quality.fallow.mcp/description</comment>
        <translation>reservado, atualmente sem efeito</translation>
    </message>
    <message>
        <source>Fallow › Profile</source>
        <comment>code_quality.fallow.profile/title</comment>
        <translation>Fallow › Perfil</translation>
    </message>
    <message>
        <source>fallow profile</source>
        <comment>code_quality.fallow.profile/description</comment>
        <translation>perfil do fallow</translation>
    </message>
    <message>
        <source>Fallow › Scope</source>
        <comment>code_quality.fallow.scope/title</comment>
        <translation>Fallow › Escopo</translation>
    </message>
    <message>
        <source>fallow analysis scope</source>
        <comment>code_quality.fallow.scope/description</comment>
        <translation>escopo da análise do fallow</translation>
    </message>
    <message>
        <source>Context profile</source>
        <comment>context_profile/title</comment>
        <translation>Perfil de contexto</translation>
    </message>
    <message>
        <source>Claude MD assembly mode</source>
        <comment>claude_md_assembly.mode/title</comment>
        <translation>Modo de montagem do CLAUDE.md</translation>
    </message>
    <message>
        <source>embed managed sections or write @.planning/&lt;source&gt; links</source>
        <comment>claude_md_assembly.mode/description</comment>
        <translation>incorporar seções gerenciadas ou escrever links @.planning/&lt;source&gt;</translation>
    </message>
    <message>
        <source>Claude MD path</source>
        <comment>claude_md_path/title</comment>
        <translation>Caminho do CLAUDE.md</translation>
    </message>
    <message>
        <source>output path of the generated CLAUDE.md</source>
        <comment>claude_md_path/description</comment>
        <translation>caminho de saída do CLAUDE.md gerado</translation>
    </message>
    <message>
        <source>Context</source>
        <comment>context/title</comment>
        <translation>Contexto</translation>
    </message>
    <message>
        <source>Context window</source>
        <comment>context_window/title</comment>
        <translation>Janela de contexto</translation>
    </message>
    <message>
        <source>context window in tokens; &gt;=500000 enables adaptive enrichment</source>
        <comment>context_window/description</comment>
        <translation>janela de contexto em tokens; &gt;=500000 ativa o enriquecimento adaptativo</translation>
    </message>
    <message>
        <source>Granularity</source>
        <comment>granularity/title</comment>
        <translation>Granularidade</translation>
    </message>
    <message>
        <source>phase count: coarse 3-5, standard 5-8, fine 8-12</source>
        <comment>granularity/description</comment>
        <translation>quantidade de fases: coarse 3-5, standard 5-8, fine 8-12</translation>
    </message>
    <message>
        <source>phase count: coarse 3-5</source>
        <comment>granularity/option/&quot;coarse&quot;</comment>
        <translation>quantidade de fases: coarse 3-5</translation>
    </message>
    <message>
        <source>standard 5-8</source>
        <comment>granularity/option/&quot;standard&quot;</comment>
        <translation>standard 5-8</translation>
    </message>
    <message>
        <source>fine 8-12</source>
        <comment>granularity/option/&quot;fine&quot;</comment>
        <translation>fine 8-12</translation>
    </message>
    <message>
        <source>Mode</source>
        <comment>mode/title</comment>
        <translation>Modo</translation>
    </message>
    <message>
        <source>yolo auto-approves decisions; interactive confirms each step</source>
        <comment>mode/description</comment>
        <translation>yolo aprova as decisões automaticamente; interactive confirma cada etapa</translation>
    </message>
    <message>
        <source>interactive confirms each step</source>
        <comment>mode/option/&quot;interactive&quot;</comment>
        <translation>interactive confirma cada etapa</translation>
    </message>
    <message>
        <source>yolo auto-approves decisions</source>
        <comment>mode/option/&quot;yolo&quot;</comment>
        <translation>yolo aprova as decisões automaticamente</translation>
    </message>
    <message>
        <source>Phase ID convention</source>
        <comment>phase_id_convention/title</comment>
        <translation>Convenção de ID de fase</translation>
    </message>
    <message>
        <source>null = legacy numeric ids; milestone-prefixed = 1-01 style</source>
        <comment>phase_id_convention/description</comment>
        <translation>null = ids numéricos legados; milestone-prefixed = estilo 1-01</translation>
    </message>
    <message>
        <source>milestone-prefixed = 1-01 style</source>
        <comment>phase_id_convention/option/&quot;milestone-prefixed&quot;</comment>
        <translation>milestone-prefixed = estilo 1-01</translation>
    </message>
    <message>
        <source>Phase naming</source>
        <comment>phase_naming/title</comment>
        <translation>Nomenclatura de fases</translation>
    </message>
    <message>
        <source>custom prefix for phase directory names</source>
        <comment>phase_naming/description</comment>
        <translation>prefixo personalizado para os nomes dos diretórios de fase</translation>
    </message>
    <message>
        <source>Project code</source>
        <comment>project_code/title</comment>
        <translation>Código do projeto</translation>
    </message>
    <message>
        <source>prefix for phase directory names (e.g. ABC -&gt; ABC-01-setup/)</source>
        <comment>project_code/description</comment>
        <translation>prefixo para os nomes dos diretórios de fase (ex.: ABC -&gt; ABC-01-setup/)</translation>
    </message>
    <message>
        <source>Response language</source>
        <comment>response_language/title</comment>
        <translation>Idioma das respostas</translation>
    </message>
    <message>
        <source>language code propagated to every spawned agent</source>
        <comment>response_language/description</comment>
        <translation>código de idioma repassado a cada agente iniciado</translation>
    </message>
    <message>
        <source>Default</source>
        <comment>effort.default/title</comment>
        <translation>Padrão</translation>
    </message>
    <message>
        <source>global fallback effort</source>
        <comment>effort.default/description</comment>
        <translation>esforço global usado como fallback</translation>
    </message>
    <message>
        <source>Stall detect interval minutes</source>
        <comment>executor.stall_detect_interval_minutes/title</comment>
        <translation>Intervalo de detecção de travamento (minutos)</translation>
    </message>
    <message>
        <source>minutes between executor stall checks</source>
        <comment>executor.stall_detect_interval_minutes/description</comment>
        <translation>minutos entre as verificações de travamento do executor</translation>
    </message>
    <message>
        <source>Stall threshold minutes</source>
        <comment>executor.stall_threshold_minutes/title</comment>
        <translation>Limite de travamento (minutos)</translation>
    </message>
    <message>
        <source>minutes of inactivity before stall recovery is offered</source>
        <comment>executor.stall_threshold_minutes/description</comment>
        <translation>minutos de inatividade antes de oferecer a recuperação do travamento</translation>
    </message>
    <message>
        <source>Artifact dir</source>
        <comment>external_job.artifact_dir/title</comment>
        <translation>Diretório de artefatos</translation>
    </message>
    <message>
        <source>Backend</source>
        <comment>external_job.backend/title</comment>
        <translation>Backend</translation>
    </message>
    <message>
        <source>Enabled</source>
        <comment>external_job.enabled/title</comment>
        <translation>Ativado</translation>
    </message>
    <message>
        <source>Poll timeout ms</source>
        <comment>external_job.poll_timeout_ms/title</comment>
        <translation>Tempo limite de polling (ms)</translation>
    </message>
    <message>
        <source>Submit timeout ms</source>
        <comment>external_job.submit_timeout_ms/title</comment>
        <translation>Tempo limite de envio (ms)</translation>
    </message>
    <message>
        <source>Enabled</source>
        <comment>fast_mode.enabled/title</comment>
        <translation>Ativado</translation>
    </message>
    <message>
        <source>global fast_mode flag</source>
        <comment>fast_mode.enabled/description</comment>
        <translation>flag global de fast_mode</translation>
    </message>
    <message>
        <source>Global learnings</source>
        <comment>features.global_learnings/title</comment>
        <translation>Aprendizados globais</translation>
    </message>
    <message>
        <source>cross-project learnings pipeline</source>
        <comment>features.global_learnings/description</comment>
        <translation>pipeline de aprendizados entre projetos</translation>
    </message>
    <message>
        <source>Thinking partner</source>
        <comment>features.thinking_partner/title</comment>
        <translation>Parceiro de raciocínio</translation>
    </message>
    <message>
        <source>thinking-partner analysis at decision points</source>
        <comment>features.thinking_partner/description</comment>
        <translation>análise com parceiro de raciocínio nos pontos de decisão</translation>
    </message>
    <message>
        <source>Enabled</source>
        <comment>intel.enabled/title</comment>
        <translation>Ativado</translation>
    </message>
    <message>
        <source>queryable codebase intelligence index</source>
        <comment>intel.enabled/description</comment>
        <translation>índice consultável de inteligência da base de código</translation>
    </message>
    <message>
        <source>Max inject</source>
        <comment>learnings.max_inject/title</comment>
        <translation>Máximo de injeções</translation>
    </message>
    <message>
        <source>max learnings injected per planner prompt</source>
        <comment>learnings.max_inject/description</comment>
        <translation>máximo de aprendizados injetados por prompt do planejador</translation>
    </message>
    <message>
        <source>Confirm breakdown</source>
        <comment>gates.confirm_breakdown/title</comment>
        <translation>Confirmar divisão</translation>
    </message>
    <message>
        <source>confirm task breakdown</source>
        <comment>gates.confirm_breakdown/description</comment>
        <translation>confirmar a divisão em tarefas</translation>
    </message>
    <message>
        <source>Confirm phases</source>
        <comment>gates.confirm_phases/title</comment>
        <translation>Confirmar fases</translation>
    </message>
    <message>
        <source>confirm phase breakdown</source>
        <comment>gates.confirm_phases/description</comment>
        <translation>confirmar a divisão em fases</translation>
    </message>
    <message>
        <source>Confirm plan</source>
        <comment>gates.confirm_plan/title</comment>
        <translation>Confirmar plano</translation>
    </message>
    <message>
        <source>confirm each plan</source>
        <comment>gates.confirm_plan/description</comment>
        <translation>confirmar cada plano</translation>
    </message>
    <message>
        <source>Confirm project</source>
        <comment>gates.confirm_project/title</comment>
        <translation>Confirmar projeto</translation>
    </message>
    <message>
        <source>confirm project details</source>
        <comment>gates.confirm_project/description</comment>
        <translation>confirmar os detalhes do projeto</translation>
    </message>
    <message>
        <source>Confirm roadmap</source>
        <comment>gates.confirm_roadmap/title</comment>
        <translation>Confirmar roteiro</translation>
    </message>
    <message>
        <source>confirm roadmap</source>
        <comment>gates.confirm_roadmap/description</comment>
        <translation>confirmar o roteiro</translation>
    </message>
    <message>
        <source>Confirm transition</source>
        <comment>gates.confirm_transition/title</comment>
        <translation>Confirmar transição</translation>
    </message>
    <message>
        <source>confirm phase transition</source>
        <comment>gates.confirm_transition/description</comment>
        <translation>confirmar a transição de fase</translation>
    </message>
    <message>
        <source>Execute next plan</source>
        <comment>gates.execute_next_plan/title</comment>
        <translation>Executar próximo plano</translation>
    </message>
    <message>
        <source>confirm before executing next plan</source>
        <comment>gates.execute_next_plan/description</comment>
        <translation>confirmar antes de executar o próximo plano</translation>
    </message>
    <message>
        <source>Issues review</source>
        <comment>gates.issues_review/title</comment>
        <translation>Revisão de problemas</translation>
    </message>
    <message>
        <source>review issues before fix plans</source>
        <comment>gates.issues_review/description</comment>
        <translation>revisar os problemas antes dos planos de correção</translation>
    </message>
    <message>
        <source>Base branch</source>
        <comment>git.base_branch/title</comment>
        <translation>Branch base</translation>
    </message>
    <message>
        <source>integration branch</source>
        <comment>git.base_branch/description</comment>
        <translation>branch de integração</translation>
    </message>
    <message>
        <source>Branching strategy</source>
        <comment>git.branching_strategy/title</comment>
        <translation>Estratégia de branches</translation>
    </message>
    <message>
        <source>branch creation strategy</source>
        <comment>git.branching_strategy/description</comment>
        <translation>estratégia de criação de branches</translation>
    </message>
    <message>
        <source>Create tag</source>
        <comment>git.create_tag/title</comment>
        <translation>Criar tag</translation>
    </message>
    <message>
        <source>tag v[X.Y] on milestone completion</source>
        <comment>git.create_tag/description</comment>
        <translation>criar a tag v[X.Y] ao concluir um marco</translation>
    </message>
    <message>
        <source>Milestone branch template</source>
        <comment>git.milestone_branch_template/title</comment>
        <translation>Template de branch de marco</translation>
    </message>
    <message>
        <source>milestone branch name template</source>
        <comment>git.milestone_branch_template/description</comment>
        <translation>template do nome da branch de marco</translation>
    </message>
    <message>
        <source>Phase branch template</source>
        <comment>git.phase_branch_template/title</comment>
        <translation>Template de branch de fase</translation>
    </message>
    <message>
        <source>phase branch name template</source>
        <comment>git.phase_branch_template/description</comment>
        <translation>template do nome da branch de fase</translation>
    </message>
    <message>
        <source>Quick branch template</source>
        <comment>git.quick_branch_template/title</comment>
        <translation>Template de branch rápida</translation>
    </message>
    <message>
        <source>branch template for /msd-quick tasks</source>
        <comment>git.quick_branch_template/description</comment>
        <translation>template de branch para as tarefas do /msd-quick</translation>
    </message>
    <message>
        <source>Auto update</source>
        <comment>graphify.auto_update/title</comment>
        <translation>Atualização automática</translation>
    </message>
    <message>
        <source>background rebuild after commits on the default branch</source>
        <comment>graphify.auto_update/description</comment>
        <translation>reconstruir em segundo plano após commits na branch padrão</translation>
    </message>
    <message>
        <source>Build timeout</source>
        <comment>graphify.build_timeout/title</comment>
        <translation>Tempo limite de build</translation>
    </message>
    <message>
        <source>max seconds for a graphify build</source>
        <comment>graphify.build_timeout/description</comment>
        <translation>máximo de segundos para um build do graphify</translation>
    </message>
    <message>
        <source>Enabled</source>
        <comment>graphify.enabled/title</comment>
        <translation>Ativado</translation>
    </message>
    <message>
        <source>project knowledge graph</source>
        <comment>graphify.enabled/description</comment>
        <translation>grafo de conhecimento do projeto</translation>
    </message>
    <message>
        <source>Graph path</source>
        <comment>graphify.graph_path/title</comment>
        <translation>Caminho do grafo</translation>
    </message>
    <message>
        <source>Context warnings</source>
        <comment>hooks.context_warnings/title</comment>
        <translation>Avisos de contexto</translation>
    </message>
    <message>
        <source>context-window usage warnings</source>
        <comment>hooks.context_warnings/description</comment>
        <translation>avisos de uso da janela de contexto</translation>
    </message>
    <message>
        <source>Workflow guard</source>
        <comment>hooks.workflow_guard/title</comment>
        <translation>Proteção do fluxo de trabalho</translation>
    </message>
    <message>
        <source>warn on edits outside an MSD workflow</source>
        <comment>hooks.workflow_guard/description</comment>
        <translation>avisar sobre edições feitas fora de um fluxo de trabalho do MSD</translation>
    </message>
    <message>
        <source>Brave search</source>
        <comment>brave_search/title</comment>
        <translation>Brave Search</translation>
    </message>
    <message>
        <source>Brave Search API key, or true/false/null to override auto-detection</source>
        <comment>brave_search/description</comment>
        <translation>chave de API do Brave Search, ou true/false/null para substituir a detecção automática</translation>
    </message>
    <message>
        <source>Exa search</source>
        <comment>exa_search/title</comment>
        <translation>Exa Search</translation>
    </message>
    <message>
        <source>Exa Search API key (masked)</source>
        <comment>exa_search/description</comment>
        <translation>chave de API do Exa Search (mascarada)</translation>
    </message>
    <message>
        <source>Firecrawl</source>
        <comment>firecrawl/title</comment>
        <translation>Firecrawl</translation>
    </message>
    <message>
        <source>Firecrawl API key (masked)</source>
        <comment>firecrawl/description</comment>
        <translation>chave de API do Firecrawl (mascarada)</translation>
    </message>
    <message>
        <source>Jina</source>
        <comment>jina/title</comment>
        <translation>Jina</translation>
    </message>
    <message>
        <source>Perplexity</source>
        <comment>perplexity/title</comment>
        <translation>Perplexity</translation>
    </message>
    <message>
        <source>Ref search</source>
        <comment>ref_search/title</comment>
        <translation>Ref Search</translation>
    </message>
    <message>
        <source>Tavily search</source>
        <comment>tavily_search/title</comment>
        <translation>Tavily Search</translation>
    </message>
    <message>
        <source>Flags › Discuss</source>
        <comment>manager.flags.discuss/title</comment>
        <translation>Flags › Discussão</translation>
    </message>
    <message>
        <source>flags appended to discuss-phase by /msd-manager</source>
        <comment>manager.flags.discuss/description</comment>
        <translation>flags acrescentadas ao discuss-phase pelo /msd-manager</translation>
    </message>
    <message>
        <source>Flags › Execute</source>
        <comment>manager.flags.execute/title</comment>
        <translation>Flags › Execução</translation>
    </message>
    <message>
        <source>flags appended to execute-phase</source>
        <comment>manager.flags.execute/description</comment>
        <translation>flags acrescentadas ao execute-phase</translation>
    </message>
    <message>
        <source>Flags › Plan</source>
        <comment>manager.flags.plan/title</comment>
        <translation>Flags › Planejamento</translation>
    </message>
    <message>
        <source>flags appended to plan-phase</source>
        <comment>manager.flags.plan/description</comment>
        <translation>flags acrescentadas ao plan-phase</translation>
    </message>
    <message>
        <source>Auto capture hooks</source>
        <comment>mempalace.auto_capture_hooks/title</comment>
        <translation>Ganchos de captura automática</translation>
    </message>
    <message>
        <source>Capture artifacts</source>
        <comment>mempalace.capture_artifacts/title</comment>
        <translation>Capturar artefatos</translation>
    </message>
    <message>
        <source>Cross project tunnels</source>
        <comment>mempalace.cross_project_tunnels/title</comment>
        <translation>Túneis entre projetos</translation>
    </message>
    <message>
        <source>Diary journal</source>
        <comment>mempalace.diary_journal/title</comment>
        <translation>Diário</translation>
    </message>
    <message>
        <source>Enabled</source>
        <comment>mempalace.enabled/title</comment>
        <translation>Ativado</translation>
    </message>
    <message>
        <source>Memory mode</source>
        <comment>mempalace.memory_mode/title</comment>
        <translation>Modo de memória</translation>
    </message>
    <message>
        <source>Mirror kg</source>
        <comment>mempalace.mirror_kg/title</comment>
        <translation>Espelhar KG</translation>
    </message>
    <message>
        <source>Recall on discuss</source>
        <comment>mempalace.recall_on_discuss/title</comment>
        <translation>Recuperar memórias na discussão</translation>
    </message>
    <message>
        <source>Recall on plan</source>
        <comment>mempalace.recall_on_plan/title</comment>
        <translation>Recuperar memórias no plano</translation>
    </message>
    <message>
        <source>Wing</source>
        <comment>mempalace.wing/title</comment>
        <translation>Ala</translation>
    </message>
    <message>
        <source>Budget</source>
        <comment>model_policy.budget/title</comment>
        <translation>Orçamento</translation>
    </message>
    <message>
        <source>budget level for a known provider (absent = medium at resolution)</source>
        <comment>model_policy.budget/description</comment>
        <translation>nível de orçamento para um provedor conhecido (ausente = medium na resolução)</translation>
    </message>
    <message>
        <source>High</source>
        <comment>model_policy.high/title</comment>
        <translation>Alto</translation>
    </message>
    <message>
        <source>model id for the opus tier (generic/custom provider)</source>
        <comment>model_policy.high/description</comment>
        <translation>id do modelo para o nível opus (provedor genérico/personalizado)</translation>
    </message>
    <message>
        <source>Low</source>
        <comment>model_policy.low/title</comment>
        <translation>Baixo</translation>
    </message>
    <message>
        <source>model id for the haiku tier (generic/custom provider)</source>
        <comment>model_policy.low/description</comment>
        <translation>id do modelo para o nível haiku (provedor genérico/personalizado)</translation>
    </message>
    <message>
        <source>Medium</source>
        <comment>model_policy.medium/title</comment>
        <translation>Médio</translation>
    </message>
    <message>
        <source>model id for the sonnet tier (generic/custom provider)</source>
        <comment>model_policy.medium/description</comment>
        <translation>id do modelo para o nível sonnet (provedor genérico/personalizado)</translation>
    </message>
    <message>
        <source>Provider</source>
        <comment>model_policy.provider/title</comment>
        <translation>Provedor</translation>
    </message>
    <message>
        <source>model provider for catalog presets</source>
        <comment>model_policy.provider/description</comment>
        <translation>provedor de modelos para as predefinições do catálogo</translation>
    </message>
    <message>
        <source>Model profile</source>
        <comment>model_profile/title</comment>
        <translation>Perfil de modelo</translation>
    </message>
    <message>
        <source>tier strategy applied to every agent</source>
        <comment>model_profile/description</comment>
        <translation>estratégia de níveis aplicada a todos os agentes</translation>
    </message>
    <message>
        <source>prompt-injection blocking (read by GSD Core only — MSD itself does not use it)</source>
        <comment>security.injection_blocking/description</comment>
        <translation>bloqueio de injeção de prompt (lido só pelo GSD Core — o próprio MSD não o usa)</translation>
    </message>
    <message>
        <source>Security ASVS level</source>
        <comment>workflow.security_asvs_level/title</comment>
        <translation>Nível ASVS de segurança</translation>
    </message>
    <message>
        <source>append absolute token count to the meter (read by GSD Core only — MSD itself does not use it)</source>
        <comment>statusline.show_context_tokens/description</comment>
        <translation>acrescentar a contagem absoluta de tokens ao medidor (lido só pelo GSD Core — o próprio MSD não o usa)</translation>
    </message>
    <message>
        <source>Show Git</source>
        <comment>statusline.show_git/title</comment>
        <translation>Mostrar Git</translation>
    </message>
    <message>
        <source>git branch/status segment (read by GSD Core only — MSD itself does not use it)</source>
        <comment>statusline.show_git/description</comment>
        <translation>segmento de branch/status do git (lido só pelo GSD Core — o próprio MSD não o usa)</translation>
    </message>
    <message>
        <source>full or compact MSD-state segment (read by GSD Core only — MSD itself does not use it)</source>
        <comment>statusline.state_format/description</comment>
        <translation>segmento de estado do MSD completo ou compacto (lido só pelo GSD Core — o próprio MSD não o usa)</translation>
    </message>
    <message>
        <source>AI integration phase</source>
        <comment>workflow.ai_integration_phase/title</comment>
        <translation>Fase de integração de IA</translation>
    </message>
    <message>
        <source>require an API-coverage decision for external-API phases (read by GSD Core only — MSD itself does not use it)</source>
        <comment>workflow.api_coverage_gate/description</comment>
        <translation>exigir uma decisão de cobertura de API para fases com APIs externas (lido só pelo GSD Core — o próprio MSD não o usa)</translation>
    </message>
    <message>
        <source>assumption-delta capability toggle (read by GSD Core only — MSD itself does not use it)</source>
        <comment>workflow.assumption_delta/description</comment>
        <translation>chave da capacidade assumption-delta (lido só pelo GSD Core — o próprio MSD não o usa)</translation>
    </message>
    <message>
        <source>context exhaustion guard (read by GSD Core only — MSD itself does not use it)</source>
        <comment>workflow.context_guard_mode/description</comment>
        <translation>proteção contra o esgotamento do contexto (lido só pelo GSD Core — o próprio MSD não o usa)</translation>
    </message>
    <message>
        <source>Cross AI command</source>
        <comment>workflow.cross_ai_command/title</comment>
        <translation>Comando cross-AI</translation>
    </message>
    <message>
        <source>Cross AI execution</source>
        <comment>workflow.cross_ai_execution/title</comment>
        <translation>Execução cross-AI</translation>
    </message>
    <message>
        <source>Cross AI timeout</source>
        <comment>workflow.cross_ai_timeout/title</comment>
        <translation>Tempo limite cross-AI</translation>
    </message>
    <message>
        <source>MVP mode</source>
        <comment>workflow.mvp_mode/title</comment>
        <translation>Modo MVP</translation>
    </message>
    <message>
        <source>MVP mode (read by GSD Core only — MSD itself does not use it)</source>
        <comment>workflow.mvp_mode/description</comment>
        <translation>modo MVP (lido só pelo GSD Core — o próprio MSD não o usa)</translation>
    </message>
    <message>
        <source>plan drift precheck (read by GSD Core only — MSD itself does not use it)</source>
        <comment>workflow.plan_drift_precheck/description</comment>
        <translation>pré-verificação de desvio do plano (lido só pelo GSD Core — o próprio MSD não o usa)</translation>
    </message>
    <message>
        <source>schema drift gate (read by GSD Core only — MSD itself does not use it)</source>
        <comment>workflow.schema_drift_gate/description</comment>
        <translation>verificação de desvio de schema (lido só pelo GSD Core — o próprio MSD não o usa)</translation>
    </message>
    <message>
        <source>schema push detection (read by GSD Core only — MSD itself does not use it)</source>
        <comment>workflow.schema_push_detection/description</comment>
        <translation>detecção de push de schema (lido só pelo GSD Core — o próprio MSD não o usa)</translation>
    </message>
    <message>
        <source>smart-zone token budget (read by GSD Core only — MSD itself does not use it)</source>
        <comment>workflow.smart_zone_tokens/description</comment>
        <translation>orçamento de tokens da zona inteligente (lido só pelo GSD Core — o próprio MSD não o usa)</translation>
    </message>
    <message>
        <source>specless probe fallback (read by GSD Core only — MSD itself does not use it)</source>
        <comment>workflow.specless_probe_fallback/description</comment>
        <translation>fallback de sondagem sem spec (lido só pelo GSD Core — o próprio MSD não o usa)</translation>
    </message>
    <message>
        <source>TDD mode</source>
        <comment>workflow.tdd_mode/title</comment>
        <translation>Modo TDD</translation>
    </message>
    <message>
        <source>false=aliases, true=full Claude IDs, &quot;omit&quot;=empty model</source>
        <comment>resolve_model_ids/description</comment>
        <translation>false=aliases, true=IDs completos do Claude, &quot;omit&quot;=modelo vazio</translation>
    </message>
    <message>
        <source>trusted global skill roots (read by GSD Core only — MSD itself does not use it)</source>
        <comment>agent_skills_security.trusted_global_roots/description</comment>
        <translation>raízes globais de skills confiáveis (lido só pelo GSD Core — o próprio MSD não o usa)</translation>
    </message>
    <message>
        <source>capability auto-update (read by GSD Core only — MSD itself does not use it)</source>
        <comment>capabilities.auto_update/description</comment>
        <translation>atualização automática de capacidades (lido só pelo GSD Core — o próprio MSD não o usa)</translation>
    </message>
    <message>
        <source>capability registry strictness (read by GSD Core only — MSD itself does not use it)</source>
        <comment>capabilities.strict_known_registries/description</comment>
        <translation>rigor do registro de capacidades (lido só pelo GSD Core — o próprio MSD não o usa)</translation>
    </message>
    <message>
        <source>profile-pipeline capability setting: enabled (read by GSD Core only — MSD itself does not use it)</source>
        <comment>profile-pipeline.enabled/description</comment>
        <translation>configuração da capacidade profile-pipeline: ativado (lido só pelo GSD Core — o próprio MSD não o usa)</translation>
    </message>
    <message>
        <source>claude-orchestration capability setting: enabled (read by GSD Core only — MSD itself does not use it)</source>
        <comment>claude_orchestration.enabled/description</comment>
        <translation>configuração da capacidade claude-orchestration: ativado (lido só pelo GSD Core — o próprio MSD não o usa)</translation>
    </message>
    <message>
        <source>claude-orchestration capability setting: execution backend (read by GSD Core only — MSD itself does not use it)</source>
        <comment>claude_orchestration.execution_backend/description</comment>
        <translation>configuração da capacidade claude-orchestration: backend de execução (lido só pelo GSD Core — o próprio MSD não o usa)</translation>
    </message>
    <message>
        <source>claude-orchestration capability setting: min agent sdk version (read by GSD Core only — MSD itself does not use it)</source>
        <comment>claude_orchestration.min_agent_sdk_version/description</comment>
        <translation>configuração da capacidade claude-orchestration: versão mínima do SDK de agentes (lido só pelo GSD Core — o próprio MSD não o usa)</translation>
    </message>
    <message>
        <source>external-job capability setting: artifact dir (read by GSD Core only — MSD itself does not use it)</source>
        <comment>external_job.artifact_dir/description</comment>
        <translation>configuração da capacidade external-job: diretório de artefatos (lido só pelo GSD Core — o próprio MSD não o usa)</translation>
    </message>
    <message>
        <source>external-job capability setting: backend (read by GSD Core only — MSD itself does not use it)</source>
        <comment>external_job.backend/description</comment>
        <translation>configuração da capacidade external-job: backend (lido só pelo GSD Core — o próprio MSD não o usa)</translation>
    </message>
    <message>
        <source>external-job capability setting: enabled (read by GSD Core only — MSD itself does not use it)</source>
        <comment>external_job.enabled/description</comment>
        <translation>configuração da capacidade external-job: ativado (lido só pelo GSD Core — o próprio MSD não o usa)</translation>
    </message>
    <message>
        <source>external-job capability setting: poll timeout ms (read by GSD Core only — MSD itself does not use it)</source>
        <comment>external_job.poll_timeout_ms/description</comment>
        <translation>configuração da capacidade external-job: tempo limite de polling em ms (lido só pelo GSD Core — o próprio MSD não o usa)</translation>
    </message>
    <message>
        <source>external-job capability setting: submit timeout ms (read by GSD Core only — MSD itself does not use it)</source>
        <comment>external_job.submit_timeout_ms/description</comment>
        <translation>configuração da capacidade external-job: tempo limite de envio em ms (lido só pelo GSD Core — o próprio MSD não o usa)</translation>
    </message>
    <message>
        <source>graph path (read by GSD Core only — MSD itself does not use it)</source>
        <comment>graphify.graph_path/description</comment>
        <translation>caminho do grafo (lido só pelo GSD Core — o próprio MSD não o usa)</translation>
    </message>
    <message>
        <source>mempalace capability setting: auto capture hooks (read by GSD Core only — MSD itself does not use it)</source>
        <comment>mempalace.auto_capture_hooks/description</comment>
        <translation>configuração da capacidade mempalace: ganchos de captura automática (lido só pelo GSD Core — o próprio MSD não o usa)</translation>
    </message>
    <message>
        <source>mempalace capability setting: capture artifacts (read by GSD Core only — MSD itself does not use it)</source>
        <comment>mempalace.capture_artifacts/description</comment>
        <translation>configuração da capacidade mempalace: capturar artefatos (lido só pelo GSD Core — o próprio MSD não o usa)</translation>
    </message>
    <message>
        <source>mempalace capability setting: cross project tunnels (read by GSD Core only — MSD itself does not use it)</source>
        <comment>mempalace.cross_project_tunnels/description</comment>
        <translation>configuração da capacidade mempalace: túneis entre projetos (lido só pelo GSD Core — o próprio MSD não o usa)</translation>
    </message>
    <message>
        <source>mempalace capability setting: diary journal (read by GSD Core only — MSD itself does not use it)</source>
        <comment>mempalace.diary_journal/description</comment>
        <translation>configuração da capacidade mempalace: diário (lido só pelo GSD Core — o próprio MSD não o usa)</translation>
    </message>
    <message>
        <source>mempalace capability setting: enabled (read by GSD Core only — MSD itself does not use it)</source>
        <comment>mempalace.enabled/description</comment>
        <translation>configuração da capacidade mempalace: ativado (lido só pelo GSD Core — o próprio MSD não o usa)</translation>
    </message>
    <message>
        <source>mempalace capability setting: memory mode (read by GSD Core only — MSD itself does not use it)</source>
        <comment>mempalace.memory_mode/description</comment>
        <translation>configuração da capacidade mempalace: modo de memória (lido só pelo GSD Core — o próprio MSD não o usa)</translation>
    </message>
    <message>
        <source>mempalace capability setting: mirror kg (read by GSD Core only — MSD itself does not use it)</source>
        <comment>mempalace.mirror_kg/description</comment>
        <translation>configuração da capacidade mempalace: espelhar o KG (lido só pelo GSD Core — o próprio MSD não o usa)</translation>
    </message>
    <message>
        <source>mempalace capability setting: recall on discuss (read by GSD Core only — MSD itself does not use it)</source>
        <comment>mempalace.recall_on_discuss/description</comment>
        <translation>configuração da capacidade mempalace: recuperar memórias na discussão (lido só pelo GSD Core — o próprio MSD não o usa)</translation>
    </message>
    <message>
        <source>mempalace capability setting: recall on plan (read by GSD Core only — MSD itself does not use it)</source>
        <comment>mempalace.recall_on_plan/description</comment>
        <translation>configuração da capacidade mempalace: recuperar memórias no plano (lido só pelo GSD Core — o próprio MSD não o usa)</translation>
    </message>
    <message>
        <source>mempalace capability setting: wing (read by GSD Core only — MSD itself does not use it)</source>
        <comment>mempalace.wing/description</comment>
        <translation>configuração da capacidade mempalace: ala (lido só pelo GSD Core — o próprio MSD não o usa)</translation>
    </message>
    <message>
        <source>false=aliases</source>
        <comment>resolve_model_ids/option/false</comment>
        <translation>false=aliases</translation>
    </message>
    <message>
        <source>true=full Claude IDs</source>
        <comment>resolve_model_ids/option/true</comment>
        <translation>true=IDs completos do Claude</translation>
    </message>
    <message>
        <source>&quot;omit&quot;=empty model</source>
        <comment>resolve_model_ids/option/&quot;omit&quot;</comment>
        <translation>&quot;omit&quot;=modelo vazio</translation>
    </message>
    <message>
        <source>Runtime</source>
        <comment>runtime/title</comment>
        <translation>Runtime</translation>
    </message>
    <message>
        <source>active runtime for runtime-aware tier resolution (claude, codex, any string)</source>
        <comment>runtime/description</comment>
        <translation>runtime ativo para a resolução de nível por runtime (claude, codex, qualquer string)</translation>
    </message>
    <message>
        <source>Parallelization</source>
        <comment>parallelization/title</comment>
        <translation>Paralelização</translation>
    </message>
    <message>
        <source>boolean shortcut for parallelization.enabled, or the parallelization object</source>
        <comment>parallelization/description</comment>
        <translation>atalho booleano para parallelization.enabled, ou o objeto parallelization</translation>
    </message>
    <message>
        <source>Enabled</source>
        <comment>parallelization.enabled/title</comment>
        <translation>Ativado</translation>
    </message>
    <message>
        <source>run independent plans concurrently</source>
        <comment>parallelization.enabled/description</comment>
        <translation>executar planos independentes em paralelo</translation>
    </message>
    <message>
        <source>Max concurrent agents</source>
        <comment>parallelization.max_concurrent_agents/title</comment>
        <translation>Máximo de agentes simultâneos</translation>
    </message>
    <message>
        <source>max simultaneous agents</source>
        <comment>parallelization.max_concurrent_agents/description</comment>
        <translation>máximo de agentes ao mesmo tempo</translation>
    </message>
    <message>
        <source>Min plans for parallel</source>
        <comment>parallelization.min_plans_for_parallel/title</comment>
        <translation>Mínimo de planos para paralelizar</translation>
    </message>
    <message>
        <source>min plans to trigger parallel execution</source>
        <comment>parallelization.min_plans_for_parallel/description</comment>
        <translation>mínimo de planos para acionar a execução paralela</translation>
    </message>
    <message>
        <source>Plan level</source>
        <comment>parallelization.plan_level/title</comment>
        <translation>Nível de plano</translation>
    </message>
    <message>
        <source>parallelize at plan level</source>
        <comment>parallelization.plan_level/description</comment>
        <translation>paralelizar no nível de plano</translation>
    </message>
    <message>
        <source>Skip checkpoints</source>
        <comment>parallelization.skip_checkpoints/title</comment>
        <translation>Pular checkpoints</translation>
    </message>
    <message>
        <source>skip checkpoints during parallel execution</source>
        <comment>parallelization.skip_checkpoints/description</comment>
        <translation>pular os checkpoints durante a execução paralela</translation>
    </message>
    <message>
        <source>Task level</source>
        <comment>parallelization.task_level/title</comment>
        <translation>Nível de tarefa</translation>
    </message>
    <message>
        <source>parallelize tasks inside a plan</source>
        <comment>parallelization.task_level/description</comment>
        <translation>paralelizar as tarefas dentro de um plano</translation>
    </message>
    <message>
        <source>Source grounding</source>
        <comment>plan_review.source_grounding/title</comment>
        <translation>Ancoragem no código</translation>
    </message>
    <message>
        <source>plan drift guard: verify cited symbols exist</source>
        <comment>plan_review.source_grounding/description</comment>
        <translation>proteção contra desvio do plano: verificar se os símbolos citados existem</translation>
    </message>
    <message>
        <source>Source grounding authority</source>
        <comment>plan_review.source_grounding_authority/title</comment>
        <translation>Autoridade de ancoragem no código</translation>
    </message>
    <message>
        <source>symbol resolution adapter</source>
        <comment>plan_review.source_grounding_authority/description</comment>
        <translation>adaptador de resolução de símbolos</translation>
    </message>
    <message>
        <source>Stall detect interval minutes</source>
        <comment>planner.stall_detect_interval_minutes/title</comment>
        <translation>Intervalo de detecção de travamento (minutos)</translation>
    </message>
    <message>
        <source>minutes between planner stall checks</source>
        <comment>planner.stall_detect_interval_minutes/description</comment>
        <translation>minutos entre as verificações de travamento do planejador</translation>
    </message>
    <message>
        <source>Stall detection enabled</source>
        <comment>planner.stall_detection_enabled/title</comment>
        <translation>Detecção de travamento ativada</translation>
    </message>
    <message>
        <source>bounded stall detection for planners and plan checker</source>
        <comment>planner.stall_detection_enabled/description</comment>
        <translation>detecção limitada de travamento para planejadores e o verificador de planos</translation>
    </message>
    <message>
        <source>Stall threshold minutes</source>
        <comment>planner.stall_threshold_minutes/title</comment>
        <translation>Limite de travamento (minutos)</translation>
    </message>
    <message>
        <source>minutes without plan activity before recovery options</source>
        <comment>planner.stall_threshold_minutes/description</comment>
        <translation>minutos sem atividade no plano antes de oferecer opções de recuperação</translation>
    </message>
    <message>
        <source>Commit docs</source>
        <comment>commit_docs/title</comment>
        <translation>Commit dos documentos</translation>
    </message>
    <message>
        <source>legacy top-level alias of planning.commit_docs</source>
        <comment>commit_docs/description</comment>
        <translation>alias legado de nível superior para planning.commit_docs</translation>
    </message>
    <message>
        <source>Planning commit docs</source>
        <comment>planning.commit_docs/title</comment>
        <translation>Commit dos documentos de planejamento</translation>
    </message>
    <message>
        <source>commit .planning/ files to git; auto false when .planning/ is gitignored</source>
        <comment>planning.commit_docs/description</comment>
        <translation>fazer commit dos arquivos de .planning/ no git; false automático quando .planning/ está no gitignore</translation>
    </message>
    <message>
        <source>PR strict</source>
        <comment>planning.pr_strict/title</comment>
        <translation>PR estrito</translation>
    </message>
    <message>
        <source>/msd-pr-branch filter: true strips all .planning/ paths</source>
        <comment>planning.pr_strict/description</comment>
        <translation>filtro do /msd-pr-branch: true remove todos os caminhos de .planning/</translation>
    </message>
    <message>
        <source>Planning search gitignored</source>
        <comment>planning.search_gitignored/title</comment>
        <translation>Busca em ignorados pelo git (planejamento)</translation>
    </message>
    <message>
        <source>add --no-ignore to broad searches so .planning/ is included</source>
        <comment>planning.search_gitignored/description</comment>
        <translation>adicionar --no-ignore às buscas amplas para que .planning/ seja incluído</translation>
    </message>
    <message>
        <source>Sub repos</source>
        <comment>planning.sub_repos/title</comment>
        <translation>Sub-repositórios</translation>
    </message>
    <message>
        <source>nested sub-repository paths relative to the workspace root</source>
        <comment>planning.sub_repos/description</comment>
        <translation>caminhos de sub-repositórios aninhados, relativos à raiz do espaço de trabalho</translation>
    </message>
    <message>
        <source>Search gitignored</source>
        <comment>search_gitignored/title</comment>
        <translation>Busca em ignorados pelo git</translation>
    </message>
    <message>
        <source>legacy top-level alias of planning.search_gitignored</source>
        <comment>search_gitignored/description</comment>
        <translation>alias legado de nível superior para planning.search_gitignored</translation>
    </message>
    <message>
        <source>Default reviewers</source>
        <comment>review.default_reviewers/title</comment>
        <translation>Revisores padrão</translation>
    </message>
    <message>
        <source>default reviewer subset for no-flag /msd-review</source>
        <comment>review.default_reviewers/description</comment>
        <translation>subconjunto padrão de revisores para o /msd-review sem flags</translation>
    </message>
    <message>
        <source>Llama cpp host</source>
        <comment>review.llama_cpp_host/title</comment>
        <translation>Host do llama.cpp</translation>
    </message>
    <message>
        <source>llama.cpp server base URL</source>
        <comment>review.llama_cpp_host/description</comment>
        <translation>URL base do servidor llama.cpp</translation>
    </message>
    <message>
        <source>Lm studio host</source>
        <comment>review.lm_studio_host/title</comment>
        <translation>Host do LM Studio</translation>
    </message>
    <message>
        <source>LM Studio server base URL</source>
        <comment>review.lm_studio_host/description</comment>
        <translation>URL base do servidor LM Studio</translation>
    </message>
    <message>
        <source>Max prompt tokens</source>
        <comment>review.max_prompt_tokens/title</comment>
        <translation>Máximo de tokens de prompt</translation>
    </message>
    <message>
        <source>default prompt token budget for reviewers</source>
        <comment>review.max_prompt_tokens/description</comment>
        <translation>orçamento padrão de tokens de prompt para os revisores</translation>
    </message>
    <message>
        <source>Max prompt tokens per reviewer</source>
        <comment>review.max_prompt_tokens_per_reviewer/title</comment>
        <translation>Máximo de tokens de prompt por revisor</translation>
    </message>
    <message>
        <source>per-reviewer token budgets</source>
        <comment>review.max_prompt_tokens_per_reviewer/description</comment>
        <translation>orçamentos de tokens por revisor</translation>
    </message>
    <message>
        <source>Max prompt tokens per reviewer › Llama cpp</source>
        <comment>review.max_prompt_tokens_per_reviewer.llama_cpp/title</comment>
        <translation>Máximo de tokens de prompt por revisor › llama.cpp</translation>
    </message>
    <message>
        <source>prompt token budget for the &apos;llama_cpp&apos; reviewer (-1 = unset)</source>
        <comment>review.max_prompt_tokens_per_reviewer.llama_cpp/description</comment>
        <translation>orçamento de tokens de prompt para o revisor &apos;llama_cpp&apos; (-1 = não definido)</translation>
    </message>
    <message>
        <source>Max prompt tokens per reviewer › Lm studio</source>
        <comment>review.max_prompt_tokens_per_reviewer.lm_studio/title</comment>
        <translation>Máximo de tokens de prompt por revisor › LM Studio</translation>
    </message>
    <message>
        <source>prompt token budget for the &apos;lm_studio&apos; reviewer (-1 = unset)</source>
        <comment>review.max_prompt_tokens_per_reviewer.lm_studio/description</comment>
        <translation>orçamento de tokens de prompt para o revisor &apos;lm_studio&apos; (-1 = não definido)</translation>
    </message>
    <message>
        <source>Max prompt tokens per reviewer › Ollama</source>
        <comment>review.max_prompt_tokens_per_reviewer.ollama/title</comment>
        <translation>Máximo de tokens de prompt por revisor › Ollama</translation>
    </message>
    <message>
        <source>prompt token budget for the &apos;ollama&apos; reviewer (-1 = unset)</source>
        <comment>review.max_prompt_tokens_per_reviewer.ollama/description</comment>
        <translation>orçamento de tokens de prompt para o revisor &apos;ollama&apos; (-1 = não definido)</translation>
    </message>
    <message>
        <source>Models › Agy</source>
        <comment>review.models.agy/title</comment>
        <translation>Modelos › Agy</translation>
    </message>
    <message>
        <source>model passed to the &apos;agy&apos; reviewer lane (capability-federated key)</source>
        <comment>review.models.agy/description</comment>
        <translation>modelo passado para a trilha do revisor &apos;agy&apos; (chave federada por capacidade)</translation>
    </message>
    <message>
        <source>Models › Claude</source>
        <comment>review.models.claude/title</comment>
        <translation>Modelos › Claude</translation>
    </message>
    <message>
        <source>model passed to the &apos;claude&apos; reviewer lane (capability-federated key)</source>
        <comment>review.models.claude/description</comment>
        <translation>modelo passado para a trilha do revisor &apos;claude&apos; (chave federada por capacidade)</translation>
    </message>
    <message>
        <source>Models › Codex</source>
        <comment>review.models.codex/title</comment>
        <translation>Modelos › Codex</translation>
    </message>
    <message>
        <source>model passed to the &apos;codex&apos; reviewer lane (capability-federated key)</source>
        <comment>review.models.codex/description</comment>
        <translation>modelo passado para a trilha do revisor &apos;codex&apos; (chave federada por capacidade)</translation>
    </message>
    <message>
        <source>Models › Cursor</source>
        <comment>review.models.cursor/title</comment>
        <translation>Modelos › Cursor</translation>
    </message>
    <message>
        <source>Models › Gemini</source>
        <comment>review.models.gemini/title</comment>
        <translation>Modelos › Gemini</translation>
    </message>
    <message>
        <source>model passed to the &apos;gemini&apos; reviewer lane (capability-federated key)</source>
        <comment>review.models.gemini/description</comment>
        <translation>modelo passado para a trilha do revisor &apos;gemini&apos; (chave federada por capacidade)</translation>
    </message>
    <message>
        <source>Models › Kimi code</source>
        <comment>review.models.kimi-code/title</comment>
        <translation>Modelos › Kimi Code</translation>
    </message>
    <message>
        <source>model passed to the &apos;kimi-code&apos; reviewer lane (capability-federated key)</source>
        <comment>review.models.kimi-code/description</comment>
        <translation>modelo passado para a trilha do revisor &apos;kimi-code&apos; (chave federada por capacidade)</translation>
    </message>
    <message>
        <source>Models › Llama cpp</source>
        <comment>review.models.llama_cpp/title</comment>
        <translation>Modelos › llama.cpp</translation>
    </message>
    <message>
        <source>model passed to the &apos;llama_cpp&apos; reviewer lane (capability-federated key)</source>
        <comment>review.models.llama_cpp/description</comment>
        <translation>modelo passado para a trilha do revisor &apos;llama_cpp&apos; (chave federada por capacidade)</translation>
    </message>
    <message>
        <source>Models › Lm studio</source>
        <comment>review.models.lm_studio/title</comment>
        <translation>Modelos › LM Studio</translation>
    </message>
    <message>
        <source>model passed to the &apos;lm_studio&apos; reviewer lane (capability-federated key)</source>
        <comment>review.models.lm_studio/description</comment>
        <translation>modelo passado para a trilha do revisor &apos;lm_studio&apos; (chave federada por capacidade)</translation>
    </message>
    <message>
        <source>Models › Ollama</source>
        <comment>review.models.ollama/title</comment>
        <translation>Modelos › Ollama</translation>
    </message>
    <message>
        <source>model passed to the &apos;ollama&apos; reviewer lane (capability-federated key)</source>
        <comment>review.models.ollama/description</comment>
        <translation>modelo passado para a trilha do revisor &apos;ollama&apos; (chave federada por capacidade)</translation>
    </message>
    <message>
        <source>model passed to the &apos;opencode&apos; reviewer lane (capability-federated key)</source>
        <comment>review.models.opencode/description</comment>
        <translation>modelo passado para a trilha do revisor &apos;opencode&apos; (chave federada por capacidade)</translation>
    </message>
    <message>
        <source>Models › Qwen</source>
        <comment>review.models.qwen/title</comment>
        <translation>Modelos › Qwen</translation>
    </message>
    <message>
        <source>test gate timeout (read by GSD Core only — MSD itself does not use it)</source>
        <comment>workflow.test_gate_timeout/description</comment>
        <translation>tempo limite da verificação de testes (lido só pelo GSD Core — o próprio MSD não o usa)</translation>
    </message>
    <message>
        <source>broken-windows enforcement (read by GSD Core only — MSD itself does not use it)</source>
        <comment>workflow.windows_enforce/description</comment>
        <translation>imposição do princípio das janelas quebradas (lido só pelo GSD Core — o próprio MSD não o usa)</translation>
    </message>
    <message>
        <source>granularity for this phase type (read by GSD Core only — MSD itself does not use it)</source>
        <comment>pattern/5/0/description</comment>
        <translation>granularidade para este tipo de fase (lido só pelo GSD Core — o próprio MSD não o usa)</translation>
    </message>
    <message>
        <source>model for one agent, highest precedence (model_overrides.&lt;agent&gt;); global entries from ~/.msd/defaults.json merge per agent</source>
        <comment>model_overrides/description</comment>
        <translation>modelo para um agente, com a maior precedência (model_overrides.&lt;agent&gt;); as entradas globais de ~/.msd/defaults.json são mescladas por agente</translation>
    </message>
    <message>
        <source>Min agent SDK version</source>
        <comment>claude_orchestration.min_agent_sdk_version/title</comment>
        <translation>Versão mínima do SDK de agentes</translation>
    </message>
    <message>
        <source>dev, research or review preset (documented for MSD; see `context`)</source>
        <comment>context_profile/description</comment>
        <translation>predefinição dev, research ou review (documentada para o MSD; veja `context`)</translation>
    </message>
    <message>
        <source>dev</source>
        <comment>context_profile/option/&quot;dev&quot;</comment>
        <translation>dev</translation>
    </message>
    <message>
        <source>research or review preset (documented for MSD</source>
        <comment>context_profile/option/&quot;research&quot;</comment>
        <translation>research ou review (documentada para o MSD</translation>
    </message>
    <message>
        <source>research or review preset (documented for MSD</source>
        <comment>context_profile/option/&quot;review&quot;</comment>
        <translation>research ou review (documentada para o MSD</translation>
    </message>
    <message>
        <source>free text injected into every agent prompt of the project</source>
        <comment>context/description</comment>
        <translation>texto livre injetado em todos os prompts de agente do projeto</translation>
    </message>
    <message>
        <source>Jina availability/key (masked by MSD everywhere it is shown)</source>
        <comment>jina/description</comment>
        <translation>disponibilidade/chave do Jina (mascarada pelo MSD onde quer que seja exibida)</translation>
    </message>
    <message>
        <source>Perplexity availability/key (masked by MSD everywhere it is shown)</source>
        <comment>perplexity/description</comment>
        <translation>disponibilidade/chave do Perplexity (mascarada pelo MSD onde quer que seja exibida)</translation>
    </message>
    <message>
        <source>Ref search availability/key (masked by MSD everywhere it is shown)</source>
        <comment>ref_search/description</comment>
        <translation>disponibilidade/chave do Ref Search (mascarada pelo MSD onde quer que seja exibida)</translation>
    </message>
    <message>
        <source>Tavily search availability/key (masked by MSD everywhere it is shown)</source>
        <comment>tavily_search/description</comment>
        <translation>disponibilidade/chave do Tavily Search (mascarada pelo MSD onde quer que seja exibida)</translation>
    </message>
    <message>
        <source>Resolve model IDs</source>
        <comment>resolve_model_ids/title</comment>
        <translation>Resolver IDs de modelo</translation>
    </message>
    <message>
        <source>model for the --cursor reviewer (documented; upstream&apos;s config-set refuses this key)</source>
        <comment>review.models.cursor/description</comment>
        <translation>modelo para o revisor --cursor (documentado; o config-set do upstream recusa esta chave)</translation>
    </message>
    <message>
        <source>Models › OpenCode</source>
        <comment>review.models.opencode/title</comment>
        <translation>Modelos › OpenCode</translation>
    </message>
    <message>
        <source>model for the --qwen reviewer (documented; upstream&apos;s config-set refuses this key)</source>
        <comment>review.models.qwen/description</comment>
        <translation>modelo para o revisor --qwen (documentado; o config-set do upstream recusa esta chave)</translation>
    </message>
    <message>
        <source>Ollama host</source>
        <comment>review.ollama_host/title</comment>
        <translation>Host do Ollama</translation>
    </message>
    <message>
        <source>Ollama server base URL</source>
        <comment>review.ollama_host/description</comment>
        <translation>URL base do servidor Ollama</translation>
    </message>
    <message>
        <source>Always confirm destructive</source>
        <comment>safety.always_confirm_destructive/title</comment>
        <translation>Sempre confirmar ações destrutivas</translation>
    </message>
    <message>
        <source>confirm destructive operations</source>
        <comment>safety.always_confirm_destructive/description</comment>
        <translation>confirmar operações destrutivas</translation>
    </message>
    <message>
        <source>Always confirm external services</source>
        <comment>safety.always_confirm_external_services/title</comment>
        <translation>Sempre confirmar serviços externos</translation>
    </message>
    <message>
        <source>confirm external service interactions</source>
        <comment>safety.always_confirm_external_services/description</comment>
        <translation>confirmar interações com serviços externos</translation>
    </message>
    <message>
        <source>Injection blocking</source>
        <comment>security.injection_blocking/title</comment>
        <translation>Bloqueio de injeção</translation>
    </message>
    <message>
        <source>OWASP ASVS level</source>
        <comment>workflow.security_asvs_level/description</comment>
        <translation>nível do OWASP ASVS</translation>
    </message>
    <message>
        <source>Security block on</source>
        <comment>workflow.security_block_on/title</comment>
        <translation>Severidade de bloqueio de segurança</translation>
    </message>
    <message>
        <source>minimum open threat severity that blocks advancement</source>
        <comment>workflow.security_block_on/description</comment>
        <translation>severidade mínima de ameaça em aberto que bloqueia o avanço</translation>
    </message>
    <message>
        <source>Security enforcement</source>
        <comment>workflow.security_enforcement/title</comment>
        <translation>Aplicação de segurança</translation>
    </message>
    <message>
        <source>threat-model anchored security verification</source>
        <comment>workflow.security_enforcement/description</comment>
        <translation>verificação de segurança ancorada no modelo de ameaças</translation>
    </message>
    <message>
        <source>PR body sections</source>
        <comment>ship.pr_body_sections/title</comment>
        <translation>Seções do corpo do PR</translation>
    </message>
    <message>
        <source>extra PR body sections for /msd-ship</source>
        <comment>ship.pr_body_sections/description</comment>
        <translation>seções extras no corpo do PR para o /msd-ship</translation>
    </message>
    <message>
        <source>Context position</source>
        <comment>statusline.context_position/title</comment>
        <translation>Posição do contexto</translation>
    </message>
    <message>
        <source>position of the context meter</source>
        <comment>statusline.context_position/description</comment>
        <translation>posição do medidor de contexto</translation>
    </message>
    <message>
        <source>Show context tokens</source>
        <comment>statusline.show_context_tokens/title</comment>
        <translation>Mostrar tokens de contexto</translation>
    </message>
    <message>
        <source>Show last command</source>
        <comment>statusline.show_last_command/title</comment>
        <translation>Mostrar último comando</translation>
    </message>
    <message>
        <source>append &apos;last: /&lt;cmd&gt;&apos; suffix</source>
        <comment>statusline.show_last_command/description</comment>
        <translation>acrescentar o sufixo &apos;last: /&lt;cmd&gt;&apos;</translation>
    </message>
    <message>
        <source>State format</source>
        <comment>statusline.state_format/title</comment>
        <translation>Formato do estado</translation>
    </message>
    <message>
        <source>Auto chain active</source>
        <comment>workflow._auto_chain_active/title</comment>
        <translation>Cadeia automática ativa</translation>
    </message>
    <message>
        <source>runtime-state flag written by the auto-advance chain</source>
        <comment>workflow._auto_chain_active/description</comment>
        <translation>flag de estado de execução gravada pela cadeia de avanço automático</translation>
    </message>
    <message>
        <source>Agent hint routing</source>
        <comment>workflow.agent_hint_routing/title</comment>
        <translation>Roteamento por dica de agente</translation>
    </message>
    <message>
        <source>route each plan to the specialist executor named by its agent_hint frontmatter (default on; a no-op for plans without agent_hint)</source>
        <comment>workflow.agent_hint_routing/description</comment>
        <translation>encaminhar cada plano ao executor especialista indicado pelo agent_hint do frontmatter (ativado por padrão; sem efeito para planos sem agent_hint)</translation>
    </message>
    <message>
        <source>enable /msd-ai-integration-phase</source>
        <comment>workflow.ai_integration_phase/description</comment>
        <translation>ativar o /msd-ai-integration-phase</translation>
    </message>
    <message>
        <source>API coverage gate</source>
        <comment>workflow.api_coverage_gate/title</comment>
        <translation>Verificação de cobertura de API</translation>
    </message>
    <message>
        <source>Assumption delta</source>
        <comment>workflow.assumption_delta/title</comment>
        <translation>Delta de premissas</translation>
    </message>
    <message>
        <source>Auto advance</source>
        <comment>workflow.auto_advance/title</comment>
        <translation>Avanço automático</translation>
    </message>
    <message>
        <source>chain discuss -&gt; plan -&gt; execute without stopping</source>
        <comment>workflow.auto_advance/description</comment>
        <translation>encadear discuss -&gt; plan -&gt; execute sem parar</translation>
    </message>
    <message>
        <source>Auto prune state</source>
        <comment>workflow.auto_prune_state/title</comment>
        <translation>Limpeza automática do estado</translation>
    </message>
    <message>
        <source>auto-prune stale STATE.md entries at phase boundaries</source>
        <comment>workflow.auto_prune_state/description</comment>
        <translation>remover automaticamente entradas obsoletas do STATE.md nas fronteiras de fase</translation>
    </message>
    <message>
        <source>Build command</source>
        <comment>workflow.build_command/title</comment>
        <translation>Comando de build</translation>
    </message>
    <message>
        <source>build command for the post-merge build gate</source>
        <comment>workflow.build_command/description</comment>
        <translation>comando de build para a verificação de build pós-merge</translation>
    </message>
    <message>
        <source>Code review</source>
        <comment>workflow.code_review/title</comment>
        <translation>Revisão de código</translation>
    </message>
    <message>
        <source>enable /msd-code-review commands</source>
        <comment>workflow.code_review/description</comment>
        <translation>ativar os comandos /msd-code-review</translation>
    </message>
    <message>
        <source>Code review command</source>
        <comment>workflow.code_review_command/title</comment>
        <translation>Comando de revisão de código</translation>
    </message>
    <message>
        <source>external review command for /msd-ship</source>
        <comment>workflow.code_review_command/description</comment>
        <translation>comando de revisão externa para o /msd-ship</translation>
    </message>
    <message>
        <source>Code review depth</source>
        <comment>workflow.code_review_depth/title</comment>
        <translation>Profundidade da revisão de código</translation>
    </message>
    <message>
        <source>default /msd-code-review depth</source>
        <comment>workflow.code_review_depth/description</comment>
        <translation>profundidade padrão do /msd-code-review</translation>
    </message>
    <message>
        <source>Code review depth overrides</source>
        <comment>workflow.code_review_depth_overrides/title</comment>
        <translation>Substituições de profundidade da revisão de código</translation>
    </message>
    <message>
        <source>ordered {paths, depth} rules raising review depth per directory</source>
        <comment>workflow.code_review_depth_overrides/description</comment>
        <translation>regras {paths, depth} ordenadas que aumentam a profundidade da revisão por diretório</translation>
    </message>
    <message>
        <source>Context coverage gate</source>
        <comment>workflow.context_coverage_gate/title</comment>
        <translation>Verificação de cobertura de contexto</translation>
    </message>
    <message>
        <source>decision-coverage gates in plan and verify</source>
        <comment>workflow.context_coverage_gate/description</comment>
        <translation>verificações de cobertura de decisões no plan e no verify</translation>
    </message>
    <message>
        <source>Context guard mode</source>
        <comment>workflow.context_guard_mode/title</comment>
        <translation>Modo de proteção de contexto</translation>
    </message>
    <message>
        <source>command template for cross-AI execution</source>
        <comment>workflow.cross_ai_command/description</comment>
        <translation>template de comando para a execução cross-AI</translation>
    </message>
    <message>
        <source>delegate execution to an external AI CLI</source>
        <comment>workflow.cross_ai_execution/description</comment>
        <translation>delegar a execução a uma CLI de IA externa</translation>
    </message>
    <message>
        <source>cross-AI command timeout (seconds)</source>
        <comment>workflow.cross_ai_timeout/description</comment>
        <translation>tempo limite do comando cross-AI (segundos)</translation>
    </message>
    <message>
        <source>Discuss mode</source>
        <comment>workflow.discuss_mode/title</comment>
        <translation>Modo de discussão</translation>
    </message>
    <message>
        <source>how /msd-discuss-phase gathers context</source>
        <comment>workflow.discuss_mode/description</comment>
        <translation>como o /msd-discuss-phase reúne contexto</translation>
    </message>
    <message>
        <source>Drift action</source>
        <comment>workflow.drift_action/title</comment>
        <translation>Ação de desvio</translation>
    </message>
    <message>
        <source>action when drift_threshold is exceeded</source>
        <comment>workflow.drift_action/description</comment>
        <translation>ação quando drift_threshold é excedido</translation>
    </message>
    <message>
        <source>Drift threshold</source>
        <comment>workflow.drift_threshold/title</comment>
        <translation>Limite de desvio</translation>
    </message>
    <message>
        <source>new structural elements before the drift gate acts</source>
        <comment>workflow.drift_threshold/description</comment>
        <translation>novos elementos estruturais antes de a verificação de desvio agir</translation>
    </message>
    <message>
        <source>Human verify mode</source>
        <comment>workflow.human_verify_mode/title</comment>
        <translation>Modo de verificação humana</translation>
    </message>
    <message>
        <source>where human-verify checkpoints happen</source>
        <comment>workflow.human_verify_mode/description</comment>
        <translation>onde acontecem os checkpoints de verificação humana</translation>
    </message>
    <message>
        <source>Inline plan threshold</source>
        <comment>workflow.inline_plan_threshold/title</comment>
        <translation>Limite de plano inline</translation>
    </message>
    <message>
        <source>max tasks before a separate PLAN.md is generated</source>
        <comment>workflow.inline_plan_threshold/description</comment>
        <translation>máximo de tarefas antes de gerar um PLAN.md separado</translation>
    </message>
    <message>
        <source>Max discuss passes</source>
        <comment>workflow.max_discuss_passes/title</comment>
        <translation>Máximo de rodadas de discussão</translation>
    </message>
    <message>
        <source>max question rounds in discuss phase</source>
        <comment>workflow.max_discuss_passes/description</comment>
        <translation>máximo de rodadas de perguntas na fase de discussão</translation>
    </message>
    <message>
        <source>Node repair</source>
        <comment>workflow.node_repair/title</comment>
        <translation>Reparo de nós</translation>
    </message>
    <message>
        <source>autonomous repair of tasks failing verification</source>
        <comment>workflow.node_repair/description</comment>
        <translation>reparo autônomo de tarefas que falham na verificação</translation>
    </message>
    <message>
        <source>Node repair budget</source>
        <comment>workflow.node_repair_budget/title</comment>
        <translation>Orçamento de reparo de nós</translation>
    </message>
    <message>
        <source>max repair attempts per failed task</source>
        <comment>workflow.node_repair_budget/description</comment>
        <translation>máximo de tentativas de reparo por tarefa com falha</translation>
    </message>
    <message>
        <source>Nyquist validation</source>
        <comment>workflow.nyquist_validation/title</comment>
        <translation>Validação Nyquist</translation>
    </message>
    <message>
        <source>test-coverage mapping during plan-phase research</source>
        <comment>workflow.nyquist_validation/description</comment>
        <translation>mapeamento de cobertura de testes durante a pesquisa do plan-phase</translation>
    </message>
    <message>
        <source>Pattern mapper</source>
        <comment>workflow.pattern_mapper/title</comment>
        <translation>Mapeador de padrões</translation>
    </message>
    <message>
        <source>run msd-pattern-mapper between research and planning</source>
        <comment>workflow.pattern_mapper/description</comment>
        <translation>executar o msd-pattern-mapper entre a pesquisa e o planejamento</translation>
    </message>
    <message>
        <source>Plan bounce</source>
        <comment>workflow.plan_bounce/title</comment>
        <translation>Bounce do plano</translation>
    </message>
    <message>
        <source>run an external validation script on generated plans</source>
        <comment>workflow.plan_bounce/description</comment>
        <translation>executar um script de validação externo nos planos gerados</translation>
    </message>
    <message>
        <source>Plan bounce passes</source>
        <comment>workflow.plan_bounce_passes/title</comment>
        <translation>Passadas de bounce do plano</translation>
    </message>
    <message>
        <source>sequential bounce passes</source>
        <comment>workflow.plan_bounce_passes/description</comment>
        <translation>passadas de bounce sequenciais</translation>
    </message>
    <message>
        <source>Plan bounce script</source>
        <comment>workflow.plan_bounce_script/title</comment>
        <translation>Script de bounce do plano</translation>
    </message>
    <message>
        <source>script invoked with the PLAN.md path</source>
        <comment>workflow.plan_bounce_script/description</comment>
        <translation>script chamado com o caminho do PLAN.md</translation>
    </message>
    <message>
        <source>Plan check</source>
        <comment>workflow.plan_check/title</comment>
        <translation>Verificação do plano</translation>
    </message>
    <message>
        <source>plan verification loop (up to 3 iterations)</source>
        <comment>workflow.plan_check/description</comment>
        <translation>ciclo de verificação do plano (até 3 iterações)</translation>
    </message>
    <message>
        <source>Plan chunked</source>
        <comment>workflow.plan_chunked/title</comment>
        <translation>Plano em partes</translation>
    </message>
    <message>
        <source>chunked planning mode</source>
        <comment>workflow.plan_chunked/description</comment>
        <translation>modo de planejamento em partes</translation>
    </message>
    <message>
        <source>Plan drift precheck</source>
        <comment>workflow.plan_drift_precheck/title</comment>
        <translation>Pré-verificação de desvio do plano</translation>
    </message>
    <message>
        <source>Plan review convergence</source>
        <comment>workflow.plan_review_convergence/title</comment>
        <translation>Convergência da revisão de plano</translation>
    </message>
    <message>
        <source>enable /msd-plan-review-convergence</source>
        <comment>workflow.plan_review_convergence/description</comment>
        <translation>ativar o /msd-plan-review-convergence</translation>
    </message>
    <message>
        <source>Post planning gaps</source>
        <comment>workflow.post_planning_gaps/title</comment>
        <translation>Lacunas pós-planejamento</translation>
    </message>
    <message>
        <source>post-planning gap report</source>
        <comment>workflow.post_planning_gaps/description</comment>
        <translation>relatório de lacunas pós-planejamento</translation>
    </message>
    <message>
        <source>Research</source>
        <comment>workflow.research/title</comment>
        <translation>Pesquisa</translation>
    </message>
    <message>
        <source>domain research before planning each phase</source>
        <comment>workflow.research/description</comment>
        <translation>pesquisa de domínio antes de planejar cada fase</translation>
    </message>
    <message>
        <source>Research before questions</source>
        <comment>workflow.research_before_questions/title</comment>
        <translation>Pesquisa antes das perguntas</translation>
    </message>
    <message>
        <source>run research before discussion questions</source>
        <comment>workflow.research_before_questions/description</comment>
        <translation>executar a pesquisa antes das perguntas de discussão</translation>
    </message>
    <message>
        <source>Schema drift gate</source>
        <comment>workflow.schema_drift_gate/title</comment>
        <translation>Verificação de desvio de schema</translation>
    </message>
    <message>
        <source>Schema push detection</source>
        <comment>workflow.schema_push_detection/title</comment>
        <translation>Detecção de push de schema</translation>
    </message>
    <message>
        <source>Skip discuss</source>
        <comment>workflow.skip_discuss/title</comment>
        <translation>Pular discussão</translation>
    </message>
    <message>
        <source>/msd-autonomous skips discuss entirely</source>
        <comment>workflow.skip_discuss/description</comment>
        <translation>o /msd-autonomous pula a discussão por completo</translation>
    </message>
    <message>
        <source>Smart zone tokens</source>
        <comment>workflow.smart_zone_tokens/title</comment>
        <translation>Tokens da zona inteligente</translation>
    </message>
    <message>
        <source>Specless probe fallback</source>
        <comment>workflow.specless_probe_fallback/title</comment>
        <translation>Fallback de sondagem sem spec</translation>
    </message>
    <message>
        <source>Subagent timeout</source>
        <comment>workflow.subagent_timeout/title</comment>
        <translation>Tempo limite de subagente</translation>
    </message>
    <message>
        <source>timeout for a single subagent invocation</source>
        <comment>workflow.subagent_timeout/description</comment>
        <translation>tempo limite de uma única invocação de subagente</translation>
    </message>
    <message>
        <source>TDD pipeline as first-class execution mode</source>
        <comment>workflow.tdd_mode/description</comment>
        <translation>pipeline de TDD como modo de execução de primeira classe</translation>
    </message>
    <message>
        <source>Test command</source>
        <comment>workflow.test_command/title</comment>
        <translation>Comando de teste</translation>
    </message>
    <message>
        <source>test command for the post-merge test gate</source>
        <comment>workflow.test_command/description</comment>
        <translation>comando de teste para a verificação de testes pós-merge</translation>
    </message>
    <message>
        <source>Test gate timeout</source>
        <comment>workflow.test_gate_timeout/title</comment>
        <translation>Tempo limite da verificação de testes</translation>
    </message>
    <message>
        <source>Text mode</source>
        <comment>workflow.text_mode/title</comment>
        <translation>Modo texto</translation>
    </message>
    <message>
        <source>plain-text numbered lists instead of TUI menus</source>
        <comment>workflow.text_mode/description</comment>
        <translation>listas numeradas em texto simples em vez de menus TUI</translation>
    </message>
    <message>
        <source>UI phase</source>
        <comment>workflow.ui_phase/title</comment>
        <translation>Fase de UI</translation>
    </message>
    <message>
        <source>generate UI design contracts for frontend phases</source>
        <comment>workflow.ui_phase/description</comment>
        <translation>gerar contratos de design de UI para fases de frontend</translation>
    </message>
    <message>
        <source>UI review</source>
        <comment>workflow.ui_review/title</comment>
        <translation>Revisão de UI</translation>
    </message>
    <message>
        <source>visual quality audit after phase execution in autonomous mode</source>
        <comment>workflow.ui_review/description</comment>
        <translation>auditoria de qualidade visual após a execução da fase no modo autônomo</translation>
    </message>
    <message>
        <source>UI safety gate</source>
        <comment>workflow.ui_safety_gate/title</comment>
        <translation>Verificação de segurança de UI</translation>
    </message>
    <message>
        <source>prompt to run /msd-ui-phase for frontend phases</source>
        <comment>workflow.ui_safety_gate/description</comment>
        <translation>sugerir executar o /msd-ui-phase em fases de frontend</translation>
    </message>
    <message>
        <source>Use worktrees</source>
        <comment>workflow.use_worktrees/title</comment>
        <translation>Usar worktrees</translation>
    </message>
    <message>
        <source>git worktree isolation for parallel execution</source>
        <comment>workflow.use_worktrees/description</comment>
        <translation>isolamento com git worktree para a execução paralela</translation>
    </message>
    <message>
        <source>Verifier</source>
        <comment>workflow.verifier/title</comment>
        <translation>Verificador</translation>
    </message>
    <message>
        <source>post-execution verification against phase goals</source>
        <comment>workflow.verifier/description</comment>
        <translation>verificação pós-execução em relação aos objetivos da fase</translation>
    </message>
    <message>
        <source>Windows enforce</source>
        <comment>workflow.windows_enforce/title</comment>
        <translation>Imposição de janelas quebradas</translation>
    </message>
    <message>
        <source>Worktree skip hooks</source>
        <comment>workflow.worktree_skip_hooks/title</comment>
        <translation>Pular ganchos no worktree</translation>
    </message>
    <message>
        <source>executors pass --no-verify in worktree mode</source>
        <comment>workflow.worktree_skip_hooks/description</comment>
        <translation>os executores passam --no-verify no modo worktree</translation>
    </message>
    <message>
        <source>skills injected into the named agent&apos;s prompt</source>
        <comment>pattern/0/0/description</comment>
        <translation>skills injetadas no prompt do agente indicado</translation>
    </message>
    <message>
        <source>feature flag</source>
        <comment>pattern/1/0/description</comment>
        <translation>flag de recurso</translation>
    </message>
    <message>
        <source>per-section setting for the generated CLAUDE.md</source>
        <comment>pattern/2/0/description</comment>
        <translation>configuração por seção do CLAUDE.md gerado</translation>
    </message>
    <message>
        <source>model (or {model, reasoning_effort}) for a runtime&apos;s tier</source>
        <comment>pattern/3/0/description</comment>
        <translation>modelo (ou {model, reasoning_effort}) para o nível de um runtime</translation>
    </message>
    <message>
        <source>tier for every agent of this phase type</source>
        <comment>pattern/4/0/description</comment>
        <translation>nível para todos os agentes deste tipo de fase</translation>
    </message>
    <message>
        <source>escalate the model tier on failed attempts</source>
        <comment>pattern/6/0/description</comment>
        <translation>escalar o nível do modelo em tentativas com falha</translation>
    </message>
    <message>
        <source>false keeps the base tier on every attempt</source>
        <comment>pattern/6/1/description</comment>
        <translation>false mantém o nível base em todas as tentativas</translation>
    </message>
    <message>
        <source>how many tier steps a failing agent may climb</source>
        <comment>pattern/6/2/description</comment>
        <translation>quantos degraus de nível um agente com falha pode subir</translation>
    </message>
    <message>
        <source>models to switch to when the provider quota is exceeded</source>
        <comment>pattern/6/3/description</comment>
        <translation>modelos para os quais trocar quando a cota do provedor é excedida</translation>
    </message>
    <message>
        <source>model alias for a routing tier</source>
        <comment>pattern/6/4/description</comment>
        <translation>alias de modelo para um nível de roteamento</translation>
    </message>
    <message>
        <source>model for one agent (highest precedence)</source>
        <comment>pattern/7/0/description</comment>
        <translation>modelo para um agente (maior precedência)</translation>
    </message>
    <message>
        <source>effort for every agent of a routing tier</source>
        <comment>pattern/8/0/description</comment>
        <translation>esforço para todos os agentes de um nível de roteamento</translation>
    </message>
    <message>
        <source>effort for one agent</source>
        <comment>pattern/9/0/description</comment>
        <translation>esforço para um agente</translation>
    </message>
    <message>
        <source>fast mode for every agent of a routing tier</source>
        <comment>pattern/10/0/description</comment>
        <translation>modo rápido para todos os agentes de um nível de roteamento</translation>
    </message>
    <message>
        <source>fast mode for one agent</source>
        <comment>pattern/11/0/description</comment>
        <translation>modo rápido para um agente</translation>
    </message>
    <message>
        <source>a named reviewer instance: its adapter (cli), model and agent</source>
        <comment>pattern/12/0/description</comment>
        <translation>uma instância nomeada de revisor: seu adaptador (cli), modelo e agente</translation>
    </message>
    <message>
        <source>model (or {model, reasoning_effort}) for a runtime&apos;s tier under model_policy</source>
        <comment>pattern/13/0/description</comment>
        <translation>modelo (ou {model, reasoning_effort}) para o nível de um runtime sob o model_policy</translation>
    </message>
    <message>
        <source>commit .planning/ docs for this phase (true/false; overrides planning.commit_docs)</source>
        <comment>pattern/14/0/description</comment>
        <translation>fazer commit dos documentos de .planning/ desta fase (true/false; substitui planning.commit_docs)</translation>
    </message>
    <message>
        <source>model passed to a reviewer CLI</source>
        <comment>pattern/15/0/description</comment>
        <translation>modelo passado para uma CLI de revisor</translation>
    </message>
</context>
</TS>

// What upstream's installer writes into each agent file, for the install-bake differential.
// Usage: node install_bake_driver.cjs <gsd-core package dir> <target dir> <agent,...> <out>
// Writes {"codex": {agent: toml}, "opencode": {agent: md}, "claude": {agent: md}} into <out> (stdout is the installer's),
// from the installer's own functions (bin/install.js required with GSD_TEST_MODE, so its
// main() does not run) and the config files they read (HOME for ~/.gsd/defaults.json).
'use strict';
const path = require('path');
const fs = require('fs');
const [pkg, targetDir, agentList, outPath] = process.argv.slice(2);
process.env.GSD_TEST_MODE = '1';
const install = require(path.join(pkg, 'bin', 'install.js'));
const lib = (name) => require(path.join(pkg, 'gsd-core', 'bin', 'lib', name));
const models = lib('install-model-override-resolver.cjs');
const effort = lib('install-effort-resolver.cjs');
const conversion = lib('runtime-artifact-conversion.cjs');

const overrides = models.readGsdEffectiveModelOverrides(targetDir);
const resolver = models.readGsdRuntimeProfileResolver(targetDir);
const effortCfg = effort.readGsdEffectiveEffortConfig(targetDir);
const out = { codex: {}, opencode: {}, claude: {} };
for (const agent of agentList.split(',')) {
  const source = `---\nname: ${agent}\ndescription: the ${agent} agent\ntools: Read\n---\n\nBody.\n`;
  out.codex[agent] = install.generateCodexAgentToml(agent, source, overrides, resolver, effortCfg);
  const modelOverride = models.resolveAgentModelOverride(agent, overrides, resolver);
  out.opencode[agent] = install.convertClaudeToOpencodeFrontmatter(source, { isAgent: true, modelOverride });
  out.claude[agent] = conversion.applyAgentFrontmatterExtensions(source, { runtime: 'claude', agentName: agent, targetDir });
}
fs.writeFileSync(outPath, JSON.stringify(out));

'use strict';
/*
 * Batch driver for the upstream gsd-tools CLI (differential tests, fast path).
 *
 * Spawning `node gsd-tools.cjs` costs ~136 ms per call, so the differential suite runs the
 * CLI's own `main()` many times inside ONE node process instead. Everything the real entry
 * point does is kept: argv parsing, --cwd handling, worktree/project-root resolution,
 * workstream resolution, the command routers, stdout capture and error()/process.exit.
 * Only the process boundary is simulated: per case we reset argv, the environment, the
 * working directory, the exit code and upstream's one-shot warning caches, and capture
 * fd 1 / fd 2. The suite checks this driver against the real CLI on a sample.
 *
 * Protocol: argv[2] = path to gsd-tools.cjs. stdin: JSON lines
 *   {"id": any, "args": [...], "cwd": "/dir", "env": {...}}
 * stdout: one JSON line per case, in order:
 *   {"id": any, "code": int, "stdout": str, "stderr": str}
 *
 * Answers go through process.stdout and the next request is read only once the pipe has taken
 * the answer ('drain'): node makes a stdout pipe non-blocking, so a direct fs.writeSync(1)
 * into a full pipe (a reader busy elsewhere, a batch of big answers) throws EAGAIN, which
 * ended the loop and left the process alive and silent: its reader then waited for ever.
 */
const fs = require('fs');
const path = require('path');
const Module = require('module');
const readline = require('readline');

const toolsPath = path.resolve(process.argv[2]);
const binDir = path.dirname(toolsPath);

// Load gsd-tools.cjs as a normal CommonJS module (require.main !== module, so its own
// runMain(main) does not fire) and expose its private main() to us.
const src = fs.readFileSync(toolsPath, 'utf8');
const mod = new Module(toolsPath, module);
mod.filename = toolsPath;
mod.paths = Module._nodeModulePaths(binDir);
mod._compile(src + '\n;module.exports.__driverMain = main;\n', toolsPath);
const main = mod.exports.__driverMain;
const { ExitError } = require(path.join(binDir, 'lib', 'cli-exit.cjs'));
const io = require(path.join(binDir, 'lib', 'io.cjs'));

// Modules whose one-shot warning caches must be reset between cases, so stderr looks like a
// fresh process. (Per-cwd caches such as the git-ignore cache are keyed by path and every
// case uses its own directory, so they are left alone.)
const resettable = ['model-resolver.cjs', 'config-loader.cjs'].map((f) => {
  try { return require(path.join(binDir, 'lib', f)); } catch { return null; }
}).filter(Boolean);

function resetOneShotState() {
  for (const m of resettable) {
    for (const [name, value] of Object.entries(m)) {
      if (typeof value === 'function' && /^_reset.*Cache.*ForTests$/.test(name)) {
        try { value(); } catch { /* ignore */ }
      } else if (name.startsWith('_warned') && value && typeof value.clear === 'function') {
        value.clear();
      }
    }
  }
  try { io.setJsonErrorMode(false); } catch { /* ignore */ }
}

class DriverExit extends Error {
  constructor(code) { super(`exit ${code}`); this.exitCode = code; }
}

const baseEnvKeys = Object.keys(process.env);
function setEnv(env) {
  for (const k of Object.keys(process.env)) delete process.env[k];
  for (const [k, v] of Object.entries(env)) process.env[k] = String(v);
}

async function runCase(c) {
  let out = '';
  let err = '';
  const origWriteSync = fs.writeSync;
  const origOut = process.stdout.write;
  const origErr = process.stderr.write;
  const origExit = process.exit;
  const origCwd = process.cwd();
  const origArgv = process.argv;
  const toText = (d, enc) => (Buffer.isBuffer(d) ? d.toString('utf8') : String(d));
  fs.writeSync = function (fd, data, ...rest) {
    if (fd === 1 || fd === 2) {
      const t = toText(data);
      if (fd === 1) out += t; else err += t;
      return Buffer.byteLength(t);
    }
    return origWriteSync.call(fs, fd, data, ...rest);
  };
  process.stdout.write = function (d, enc, cb) { out += toText(d); if (typeof enc === 'function') enc(); else if (cb) cb(); return true; };
  process.stderr.write = function (d, enc, cb) { err += toText(d); if (typeof enc === 'function') enc(); else if (cb) cb(); return true; };
  process.exit = (code) => { throw new DriverExit(code === undefined ? (process.exitCode ?? 0) : code); };
  let code;
  try {
    resetOneShotState();
    setEnv(c.env || {});
    process.chdir(c.cwd);
    process.argv = [process.execPath, toolsPath, ...c.args];
    process.exitCode = undefined;
    const r = await main();
    code = typeof r === 'number' ? r : (process.exitCode ?? 0);
  } catch (e) {
    if (e instanceof DriverExit) {
      code = e.exitCode;
    } else if (e instanceof ExitError) {
      if (e.hasUserMessage && e.code !== 0) err += `${e.message}\n`;
      code = e.code;
    } else {
      err += `${e && e.stack ? e.stack : String(e)}\n`;
      code = 1;
    }
  } finally {
    fs.writeSync = origWriteSync;
    process.stdout.write = origOut;
    process.stderr.write = origErr;
    process.exit = origExit;
    process.argv = origArgv;
    process.exitCode = undefined;
    try { process.chdir(origCwd); } catch { process.chdir('/'); }
  }
  return { id: c.id, code: Number(code) || 0, stdout: out, stderr: err };
}

// The real stdout stream; runCase swaps its write() during a case and puts it back after.
const answers = process.stdout;

function send(obj) {
  if (answers.write(JSON.stringify(obj) + '\n')) return Promise.resolve();
  return new Promise((resolve) => answers.once('drain', resolve));
}

async function serve() {
  const baseEnv = {};
  for (const k of baseEnvKeys) baseEnv[k] = process.env[k];
  const rl = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
  for await (const line of rl) {
    if (!line.trim()) continue;
    let c;
    try { c = JSON.parse(line); } catch (e) {
      await send({ id: null, code: -1, stdout: '', stderr: `bad request: ${e}` });
      continue;
    }
    const res = await runCase(c);
    setEnv(baseEnv);
    await send(res);
  }
}

serve().catch((e) => {
  process.stderr.write(String(e && e.stack || e) + '\n');
  process.exit(2);  // never linger: a silent driver would leave its reader waiting
});

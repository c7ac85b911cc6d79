// The log on standard error, as a process writes it: request lines may wait in a buffer, every other
// line is written at once (with the request lines before it), and nothing is lost at exit or while idle.
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';

const LOGGER = new URL('../../src/lib/logger.ts', import.meta.url).href;
/** Blocks the child's event loop for good: no timer, no exit handler can write anything after this. */
const HANG = 'Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);';

/**
 * The lines a child process running `body` with `log` (createLogger('info')) wrote on stderr: all of them
 * once it exits, or those it wrote by the time `enough` says so (it is killed then), or after 20 s.
 */
function logFrom(body: string, enough: (lines: Record<string, unknown>[]) => boolean = () => false) {
  const script = `import(${JSON.stringify(LOGGER)}).then(({ createLogger }) => { const log = createLogger('info'); ${body} });`;
  const child = spawn(process.execPath, ['--import', 'tsx', '-e', script], { stdio: ['ignore', 'ignore', 'pipe'] });
  let text = '';
  // Whole lines only: a chunk may end inside one.
  const parsed = () =>
    text
      .split('\n')
      .slice(0, -1)
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  return new Promise<Record<string, unknown>[]>((resolve) => {
    const stop = () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      clearTimeout(timer);
      resolve(parsed());
    };
    const timer = setTimeout(stop, 20_000);
    child.stderr.on('data', (chunk) => {
      text += chunk;
      if (enough(parsed())) stop();
    });
    // 'close', not 'exit': the pipe's last data may come after the process has exited.
    child.on('close', stop);
  });
}

const messages = (lines: Record<string, unknown>[]) => lines.map((line) => `${line.message}${line.n ?? ''}`);

describe('the log on standard error', () => {
  it('writes a warning at once, after the request lines logged before it', async () => {
    const lines = await logFrom(`log.request({ n: 1 }); log.request({ n: 2 }); log.warn('busy'); ${HANG}`, (l) => l.length >= 3);
    expect(messages(lines)).toEqual(['request1', 'request2', 'busy']);
    expect(lines[0]).toMatchObject({ level: 'info', n: 1 });
  });

  it('writes the request lines still buffered when the process exits', async () => {
    const lines = await logFrom('log.request({ n: 1 }); log.request({ n: 2 }); process.exit(0);');
    expect(messages(lines)).toEqual(['request1', 'request2']);
  });

  it('writes a request line while the process idles, without another line or an exit to push it out', async () => {
    const lines = await logFrom('log.request({ n: 1 }); setInterval(() => {}, 60_000);', (l) => l.length >= 1);
    expect(messages(lines)).toEqual(['request1']);
  });
});

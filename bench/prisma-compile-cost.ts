/**
 * With BENCH_PRISMA_COMPILE=1: the time Prisma's query compiler (WebAssembly, run for every Prisma call in this
 * Prisma version) spends on each kind of call (model.action), printed to stderr at exit with the calls and the
 * mean milliseconds per call. The compile is synchronous, so its wall time is CPU time of this thread (or time the
 * thread was preempted, on a loaded machine: compare the shares, not the absolute figures).
 */
// The module the generated client loads (src/generated/prisma/internal/class.ts); named in a variable: it has no types.
const compilerModule = '@prisma/client/runtime/query_compiler_bg.postgresql.mjs';
const runtime = (await import(compilerModule)) as {
  QueryCompiler: { prototype: { compile(request: string): unknown } };
};

const spent = new Map<string, { calls: number; ms: number }>();
if (process.env.BENCH_PRISMA_COMPILE) {
  const original = runtime.QueryCompiler.prototype.compile;
  runtime.QueryCompiler.prototype.compile = function timed(this: unknown, request: string) {
    const started = process.hrtime.bigint();
    try {
      return original.call(this, request);
    } finally {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      const model = /"modelName":"([^"]*)"/.exec(request)?.[1];
      const action = /"action":"([^"]*)"/.exec(request)?.[1] ?? '?';
      const key = model ? `${model}.${action}` : action;
      const s = spent.get(key) ?? { calls: 0, ms: 0 };
      s.calls++;
      s.ms += ms;
      spent.set(key, s);
    }
  };
  process.on('exit', () => {
    const rows = [...spent].sort((a, b) => b[1].ms - a[1].ms);
    for (const [key, s] of rows)
      process.stderr.write(`prisma compile ${key}: ${s.calls} calls, ${(s.ms / s.calls).toFixed(2)} ms per call\n`);
  });
}
export {};

import type { Program, ProgramModule, ProgramReply } from './build-types';

/** Module ids to the modules a reply carried or named: what the next reply is relative to. */
export type SentModules = ReadonlyMap<string, ProgramModule>;

/**
 * The sender's side: `program` relative to `previous`. A module is left out only when it is
 * the very object sent before (the worker reuses the module objects of unchanged files).
 */
export function programReply(
  program: Program,
  previous: SentModules,
): { reply: ProgramReply; sent: SentModules } {
  const paths = Object.keys(program.modules);
  const modules: Record<string, ProgramModule> = Object.create(null);
  const sent = new Map<string, ProgramModule>();
  for (const path of paths) {
    const module = program.modules[path]!;
    if (previous.get(path) !== module) modules[path] = module;
    sent.set(path, module);
  }
  return { reply: { ...program, paths, modules }, sent };
}

/**
 * The receiver's side: the whole program from `reply` and the modules of the previous reply.
 * Throws when a named module was never received: the two ends disagree, and only a new worker
 * (both ends starting empty) puts that right.
 */
export function programFromReply(
  reply: ProgramReply,
  previous: SentModules,
): { program: Program; received: SentModules } {
  const { paths, modules: carried } = reply;
  // A null prototype: a project path may be `__proto__` (the worker's own record is the same).
  const modules: Record<string, ProgramModule> = Object.create(null);
  const received = new Map<string, ProgramModule>();
  for (const path of paths) {
    const module = Object.hasOwn(carried, path) ? carried[path] : previous.get(path);
    if (!module) throw new Error(`the bundler named module ${path}, which it never sent`);
    modules[path] = module;
    received.set(path, module);
  }
  // The program's keys in the worker's order (`modules` keeps its place), so two builds of the
  // same program serialise alike (a known first build is checked against the worker's so).
  const program: Program & { paths?: string[] } = { ...reply, modules };
  delete program.paths;
  return { program, received };
}

// The argument handling of the operator's commands that take none: --help prints the usage, any
// other argument is refused with where to read it.

/** 0 after printing `usage` for --help or -h, 1 for any other argument, null when there is none. */
export function helpOrNothing(args: readonly string[], usage: string, command: string): number | null {
  if (args.includes('--help') || args.includes('-h')) {
    console.log(usage);
    return 0;
  }
  if (args.length > 0) {
    console.error(`Unknown argument "${args[0]}". Run "npm run ${command} -- --help" for usage.`);
    return 1;
  }
  return null;
}

import type { CommandContext } from './context';
import { COMMANDS, CommandError, isCommandName, validateArgs, type CommandName } from './table';

/**
 * Carry out one command. Arguments are validated first (a bad one throws a CommandError and changes
 * nothing). Getters answer synchronously; actions may answer with a Promise.
 */
export function executeCommand(ctx: CommandContext, name: unknown, rawArgs: readonly unknown[] = []): unknown {
  if (!isCommandName(name)) throw new CommandError('unknown_command', `Unknown command: ${String(name).slice(0, 50)}`);
  const args = validateArgs(name, rawArgs);
  // An action on a lazy player that is still waiting to come into view starts it first (getters answer as they are).
  if (COMMANDS[name].mode !== 'get') ctx.wake?.();
  return (COMMANDS[name].run as (ctx: CommandContext, ...args: unknown[]) => unknown)(ctx, ...args);
}

/** Map named arguments (CustomEvent / postMessage payloads) to positional ones, by the table's names. */
export function positionalArgs(name: CommandName, payload: Record<string, unknown>): unknown[] {
  return COMMANDS[name].args.map((a) => (Object.hasOwn(payload, a.name) ? payload[a.name] : undefined));
}

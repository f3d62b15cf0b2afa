import type { PlayerController } from '../../app/controller';
import { executeCommand, positionalArgs } from '../../commands/execute';
import { CommandError, isHostCommand } from '../../commands/table';
import { dispatchPlayerEvent } from '../../core/events';

/** A command id: a short string or a finite number. */
export const isCommandId = (id: unknown): id is string | number =>
  (typeof id === 'string' && id.length > 0 && id.length <= 200) || (typeof id === 'number' && Number.isFinite(id));

export type CommandAnswer =
  { id: string | number; result: unknown } | { id: string | number; error: { code: string; message: string } };

/**
 * Run a command from a `{ command, id, ...args }` payload. Returns undefined for a payload that must
 * be ignored (no command name, no id, unknown command); otherwise the answer (result or error).
 */
export async function answerPayload(
  controller: PlayerController,
  payload: unknown,
): Promise<CommandAnswer | undefined> {
  if (!payload || typeof payload !== 'object' || Array.isArray(payload)) return undefined;
  let command: unknown;
  let id: unknown;
  let args: unknown[];
  try {
    // Same-page hosts may hand over proxies or getters that throw: read once, inside a try.
    ({ command, id } = payload as Record<string, unknown>);
    if (!isHostCommand(command) || !isCommandId(id)) return undefined;
    args = positionalArgs(command, payload as Record<string, unknown>);
  } catch {
    return undefined;
  }
  try {
    const result = await executeCommand(controller, command, args);
    return { id, result: result === undefined ? null : result };
  } catch (error) {
    const e =
      error instanceof CommandError ? error : new CommandError('failed', String((error as Error)?.message ?? error));
    return { id, error: { code: e.code, message: e.message } };
  }
}

/**
 * CustomEvents in: the host dispatches `command` on the element with detail `{ command, id, ...args }`;
 * the element answers with a `result` event, detail `{ id, result }` or `{ id, error }`.
 */
export function attachCommandEvents(host: HTMLElement, controller: PlayerController): () => void {
  const onCommand = (event: Event) => {
    if (event.target !== host || !(event instanceof CustomEvent)) return;
    void answerPayload(controller, event.detail).then((answer) => {
      if (answer) dispatchPlayerEvent(host, 'result', answer);
    });
  };
  host.addEventListener('command', onCommand);
  return () => host.removeEventListener('command', onCommand);
}

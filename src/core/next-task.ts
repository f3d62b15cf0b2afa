/**
 * Settles in a later task, after what is queued now (a network answer already in, a render): a message, not a timer,
 * since a timer waits up to a second in a hidden tab.
 */
export const nextTask = (): Promise<void> =>
  new Promise((resolve) => {
    const { port1, port2 } = new MessageChannel();
    port1.onmessage = () => {
      port1.close();
      resolve();
    };
    port2.postMessage(null);
  });

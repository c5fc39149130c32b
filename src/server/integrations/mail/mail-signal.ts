/**
 * Tells an app's outbox worker that a committed transaction queued mail, so it leaves at once instead
 * of at the next poll. Made once per app (app-deps.ts) and handed to the services that queue mail;
 * notify only after the commit: before it, the worker would find nothing to send.
 */
export class MailSignal {
  private readonly listeners = new Set<() => void>()

  /** Calls `listener` on every notify until the returned function is called. */
  listen(listener: () => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  notify(): void {
    for (const listener of this.listeners) listener()
  }
}

/**
 * Runs one user's cart changes one after another inside this process. The database row lock still
 * guards across processes; queueing here first keeps concurrent requests of one user from holding
 * database connections while they wait for that lock, and lets each answer build on the previous one.
 */
export class PerUserQueue {
  private tails = new Map<number, Promise<unknown>>()

  run<T>(userId: number, task: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(userId) ?? Promise.resolve()
    const result = previous.then(task, task)
    const tail = result.then(
      () => undefined,
      () => undefined,
    )
    this.tails.set(userId, tail)
    void tail.then(() => {
      if (this.tails.get(userId) === tail) this.tails.delete(userId)
    })
    return result
  }

  get size() {
    return this.tails.size
  }
}

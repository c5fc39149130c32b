import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { ConfigError } from '../config'

/**
 * Runs a command's `main` when its file is the one node was started with (not when a test imports
 * it): the exit code is main's answer; a configuration error prints its message alone, anything
 * else its stack, and exits 1.
 */
export function runWhenStarted(moduleUrl: string, main: () => Promise<number>): void {
  const entry = process.argv[1]
  if (!entry || moduleUrl !== pathToFileURL(path.resolve(entry)).href) return
  main().then(
    (code) => {
      process.exitCode = code
    },
    (err: unknown) => {
      console.error(err instanceof ConfigError ? err.message : err)
      process.exitCode = 1
    },
  )
}

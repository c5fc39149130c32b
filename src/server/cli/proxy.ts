import { parseArgs } from 'node:util'
import { startProxy } from '../multi-process/proxy'
import { runWhenStarted } from './run-cli'

/**
 * node dist/server/cli/proxy.js --upstream http://127.0.0.1:3001 --upstream http://127.0.0.1:3002 [--port N]
 * A local round-robin reverse proxy in front of several app processes (multi-process/proxy.ts), as
 * `npm run bench -- --processes` starts it. Prints "proxy listening on <url>" once it listens; stops on
 * SIGTERM or SIGINT. For trying things on one machine, not for production (use nginx or the like).
 */
export async function main(argv = process.argv.slice(2)): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      upstream: { type: 'string', multiple: true },
      port: { type: 'string' },
      host: { type: 'string' },
    },
  })
  const upstreams = values.upstream ?? []
  if (upstreams.length === 0) {
    console.error('usage: proxy --upstream URL [--upstream URL …] [--port N] [--host H]')
    return 2
  }
  const proxy = await startProxy({
    upstreams,
    ...(values.port ? { port: Number(values.port) } : {}),
    ...(values.host ? { host: values.host } : {}),
  })
  console.log(`proxy listening on ${proxy.url}`)
  await new Promise<void>((resolve) => {
    process.once('SIGTERM', () => resolve())
    process.once('SIGINT', () => resolve())
  })
  await proxy.close()
  return 0
}

runWhenStarted(import.meta.url, main)

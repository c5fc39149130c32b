import http from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A small reverse proxy for trying several app processes on one machine (the two-process test and
 * `npm run bench -- --processes`): each request goes to the next upstream in turn (round robin) and
 * carries what nginx's usual settings add — X-Forwarded-For with the client's address appended,
 * X-Forwarded-Proto, X-Forwarded-Host and X-Real-IP — with the Host header kept. Answers name the
 * upstream that served them in X-Upstream (0, 1, …). Not for production: no WebSocket upgrades, no
 * health checks, no retries (an upstream that does not answer gives 502).
 */
export type RunningProxy = { url: string; close: () => Promise<void> }

/** Connection headers that belong to one hop and are never passed on (RFC 9110 §7.6.1). */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authorization',
  'te',
  'trailer',
  'upgrade',
])

export async function startProxy(options: {
  upstreams: string[]
  port?: number
  host?: string
}): Promise<RunningProxy> {
  const upstreams = options.upstreams.map((u) => new URL(u))
  if (upstreams.length === 0) throw new Error('the proxy needs at least one upstream')
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 })
  let next = 0

  const server = http.createServer((req, res) => {
    const index = next
    next = (next + 1) % upstreams.length
    const upstream = upstreams[index]!
    const headers: http.OutgoingHttpHeaders = {}
    for (const [name, value] of Object.entries(req.headers)) {
      if (!HOP_BY_HOP.has(name) && value !== undefined) headers[name] = value
    }
    const client = req.socket.remoteAddress ?? ''
    const forwarded = req.headers['x-forwarded-for']
    headers['x-forwarded-for'] = forwarded ? `${forwarded}, ${client}` : client
    headers['x-forwarded-proto'] = 'http'
    if (req.headers.host) headers['x-forwarded-host'] = req.headers.host
    headers['x-real-ip'] = client

    const forward = http.request(
      {
        protocol: upstream.protocol,
        hostname: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: req.url,
        headers,
        agent,
      },
      (answer) => {
        const back: http.OutgoingHttpHeaders = {}
        for (const [name, value] of Object.entries(answer.headers)) {
          if (!HOP_BY_HOP.has(name) && value !== undefined) back[name] = value
        }
        back['x-upstream'] = String(index)
        res.writeHead(answer.statusCode ?? 502, answer.statusMessage, back)
        answer.pipe(res)
        answer.on('error', () => res.destroy())
      },
    )
    forward.on('error', () => {
      if (res.headersSent) res.destroy()
      else {
        res.writeHead(502, { 'content-type': 'text/plain; charset=utf-8' })
        res.end('bad gateway')
      }
    })
    req.pipe(forward)
    req.on('error', () => forward.destroy())
  })
  server.keepAliveTimeout = 65_000

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve())
  })
  const { address, port } = server.address() as AddressInfo
  return {
    url: `http://${address.includes(':') ? `[${address}]` : address}:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
        agent.destroy()
      }),
  }
}

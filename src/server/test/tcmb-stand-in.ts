import { readFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * The Central Bank's bulletin for the test apps: the hand-written real-format sample served from
 * 127.0.0.1, so no test reaches the internet, and a test that calls the fetch route without caring
 * (the access matrix, the fuzz suite) gets a good bulletin. One server per test process, started on
 * first use and never holding the process open; tests of the fetch itself run their own.
 */
let started: Promise<string> | null = null

export function sampleBulletinUrl(): Promise<string> {
  started ??= new Promise((resolve, reject) => {
    const body = readFileSync(new URL('../modules/exchange-rates/tcmb-sample.xml', import.meta.url), 'utf8')
    const server: Server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/xml; charset=utf-8' })
      res.end(body)
    })
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      server.unref()
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}/kurlar/today.xml`)
    })
  })
  return started
}

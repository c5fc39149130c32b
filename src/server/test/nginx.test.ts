import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { NGINX_CONF, renderSite, type SiteOptions, SiteTemplateError } from './nginx'

/**
 * The tests run deploy/nginx.conf itself, with only its FILL lines, listen ports and log paths
 * replaced: a change to the file either reaches the tests or makes this fail, never a silent copy.
 */
const shipped = readFileSync(NGINX_CONF, 'utf8')
const site: SiteOptions = {
  upstreams: ['http://127.0.0.1:4001', '127.0.0.1:4002', '127.0.0.1:4003'],
  serverName: 'localhost',
  httpPort: 8080,
  sitePort: 8443,
  tls: { certificate: '/tmp/t/site.crt', key: '/tmp/t/site.key' },
  webRoot: '/tmp/t/web',
  logDir: '/tmp/t/logs',
}

describe('renderSite', () => {
  it('fills every site-specific line of deploy/nginx.conf and changes nothing else', () => {
    const rendered = renderSite(shipped, site)
    for (const placeholder of [
      'bayi.example.com',
      '/srv/toptan',
      '/etc/letsencrypt',
      '/var/log/nginx',
      ':3001',
    ]) {
      expect(rendered).not.toContain(placeholder)
    }
    expect(rendered.match(/^\s*server 127\.0\.0\.1:400\d max_fails=3 fail_timeout=10s;$/gm)).toHaveLength(3)
    expect(rendered).toContain('listen 127.0.0.1:8443 ssl http2;')
    expect(rendered).toContain('listen 127.0.0.1:8080 default_server;')
    expect(rendered).not.toMatch(/listen \[::\]/)
    expect(rendered).toContain('ssl_certificate /tmp/t/site.crt;')
    expect(rendered).toContain('ssl_certificate_key /tmp/t/site.key;')
    expect(rendered).toContain('access_log /tmp/t/logs/access.log toptan;')
    expect(rendered).toContain('root /tmp/t/web;')
    // Every other line as shipped, in order.
    const untouched = (text: string) =>
      text
        .split('\n')
        .filter(
          (line) =>
            !/FILL|^\s*(listen|server_name|ssl_certificate|ssl_certificate_key|access_log|error_log)\s|^\s*server \d|^\s*root \/(srv|tmp)\//.test(
              line,
            ),
        )
    expect(untouched(rendered)).toEqual(untouched(shipped))
  })

  it('serves plain HTTP without a certificate', () => {
    const rendered = renderSite(shipped, { ...site, tls: null })
    expect(rendered).toContain('listen 127.0.0.1:8443;')
    expect(rendered).not.toMatch(/ssl_certificate|ssl_reject_handshake|^\s*listen .*\bssl\b/m)
  })

  it('fails on a FILL line it does not know, and when one it fills is gone', () => {
    expect(() => renderSite(`${shipped}\n    resolver 1.1.1.1;  # FILL resolver\n`, site)).toThrow(
      SiteTemplateError,
    )
    expect(() => renderSite(shipped.replace(/.*# FILL web-root.*\n/, ''), site)).toThrow(/web-root/)
    expect(() =>
      renderSite(shipped.replace('listen 443 ssl http2;', 'listen 8443 ssl http2;'), site),
    ).toThrow(/listens where/)
  })
})

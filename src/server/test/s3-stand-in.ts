import { createHash, createHmac } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * An S3-compatible bucket for the tests, on 127.0.0.1: it answers S3's own PutObject, GetObject,
 * HeadObject and DeleteObject requests (path-style, `/{bucket}/{key}`) and refuses any request whose
 * SigV4 Authorization header is not AWS4-HMAC-SHA256 with a Credential of this key, today's date,
 * the region and `s3/aws4_request`, SignedHeaders covering host, x-amz-content-sha256 and x-amz-date,
 * and a Signature that is the one this request's canonical form signs to — with a body that hashes to
 * x-amz-content-sha256. Refusals and misses carry S3's XML error bodies, as a real store sends them.
 */

export type S3Request = { method: string; path: string; authorization: string; contentType?: string }
export type S3Object = { body: Buffer; contentType: string; cacheControl: string | null }

export type S3StandIn = {
  endpoint: string
  bucket: string
  region: string
  accessKeyId: string
  secretAccessKey: string
  objects: Map<string, S3Object>
  requests: S3Request[]
  /** The environment that points the app at this bucket. */
  env: Record<string, string>
  close: () => Promise<void>
}

const AUTH =
  /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex')
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest()

/** RFC 3986 encoding as SigV4 wants it (every character but A-Z a-z 0-9 - _ . ~). */
const encode = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)

function expectedSignature(
  req: IncomingMessage,
  url: URL,
  signedHeaders: string[],
  secret: string,
  date: string,
  region: string,
) {
  const query = [...url.searchParams.entries()]
    .map(([k, v]) => [encode(k), encode(v)] as const)
    .sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&')
  const headers = signedHeaders
    .map((name) => {
      const value = req.headers[name]
      const text = Array.isArray(value) ? value.join(',') : (value ?? '')
      return `${name}:${text.trim().replace(/\s+/g, ' ')}\n`
    })
    .join('')
  const canonical = [
    req.method,
    url.pathname,
    query,
    headers,
    signedHeaders.join(';'),
    String(req.headers['x-amz-content-sha256']),
  ].join('\n')
  const amzDate = String(req.headers['x-amz-date'])
  const scope = `${date}/${region}/s3/aws4_request`
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonical)].join('\n')
  let key = hmac(`AWS4${secret}`, date)
  for (const part of [region, 's3', 'aws4_request']) key = hmac(key, part)
  return createHmac('sha256', key).update(toSign).digest('hex')
}

const errorXml = (code: string, message: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>`

export async function startS3StandIn(
  options: { bucket?: string; region?: string; accessKeyId?: string; secretAccessKey?: string } = {},
): Promise<S3StandIn> {
  const bucket = options.bucket ?? 'toptan-test'
  const region = options.region ?? 'eu-central-1'
  const accessKeyId = options.accessKeyId ?? 'AKIATESTSTANDIN00001'
  const secretAccessKey = options.secretAccessKey ?? 'stand-in-secret-key-0123456789abcdefghij'
  const objects = new Map<string, S3Object>()
  const requests: S3Request[] = []

  const refuse = (res: ServerResponse, status: number, code: string, message: string) => {
    res.writeHead(status, { 'content-type': 'application/xml' })
    res.end(errorXml(code, message))
  }

  const handle = (req: IncomingMessage, res: ServerResponse, body: Buffer) => {
    const url = new URL(req.url ?? '/', 'http://stand-in')
    const authorization = String(req.headers.authorization ?? '')
    requests.push({
      method: req.method ?? '',
      path: url.pathname,
      authorization,
      contentType: req.headers['content-type'],
    })
    const auth = AUTH.exec(authorization)
    if (!auth) return refuse(res, 400, 'AuthorizationHeaderMalformed', 'not a SigV4 Authorization header')
    const [, keyId, date, authRegion, signed, signature] = auth as unknown as string[]
    const signedHeaders = signed!.split(';')
    const amzDate = String(req.headers['x-amz-date'] ?? '')
    if (keyId !== accessKeyId) return refuse(res, 403, 'InvalidAccessKeyId', 'unknown access key')
    if (authRegion !== region) return refuse(res, 400, 'AuthorizationHeaderMalformed', 'wrong region')
    if (!/^\d{8}T\d{6}Z$/.test(amzDate) || !amzDate.startsWith(date!))
      return refuse(res, 403, 'AccessDenied', 'x-amz-date missing or not the credential date')
    for (const needed of ['host', 'x-amz-content-sha256', 'x-amz-date'])
      if (!signedHeaders.includes(needed)) return refuse(res, 403, 'AccessDenied', `${needed} not signed`)
    const payloadHash = String(req.headers['x-amz-content-sha256'] ?? '')
    if (payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== sha256(body))
      return refuse(res, 400, 'XAmzContentSHA256Mismatch', 'the body does not hash to x-amz-content-sha256')
    if (expectedSignature(req, url, signedHeaders, secretAccessKey, date!, region) !== signature)
      return refuse(res, 403, 'SignatureDoesNotMatch', 'the signature does not match')

    const [, first, ...rest] = url.pathname.split('/')
    if (first !== bucket || rest.length === 0) return refuse(res, 404, 'NoSuchBucket', 'no such bucket')
    const key = rest.map(decodeURIComponent).join('/')
    switch (req.method) {
      case 'PUT': {
        objects.set(key, {
          body,
          contentType: String(req.headers['content-type'] ?? 'application/octet-stream'),
          cacheControl: (req.headers['cache-control'] as string | undefined) ?? null,
        })
        res.writeHead(200, { etag: `"${createHash('md5').update(body).digest('hex')}"` })
        return res.end()
      }
      case 'GET':
      case 'HEAD': {
        const object = objects.get(key)
        if (!object) return refuse(res, 404, 'NoSuchKey', 'The specified key does not exist.')
        res.writeHead(200, { 'content-type': object.contentType, 'content-length': object.body.length })
        return res.end(req.method === 'GET' ? object.body : undefined)
      }
      case 'DELETE': {
        objects.delete(key)
        res.writeHead(204)
        return res.end()
      }
      default:
        return refuse(res, 405, 'MethodNotAllowed', 'not an object request of the stand-in')
    }
  }

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => handle(req, res, Buffer.concat(chunks)))
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    endpoint,
    bucket,
    region,
    accessKeyId,
    secretAccessKey,
    objects,
    requests,
    env: {
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: region,
      S3_ACCESS_KEY_ID: accessKeyId,
      S3_SECRET_ACCESS_KEY: secretAccessKey,
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

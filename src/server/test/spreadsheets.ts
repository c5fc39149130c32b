import { randomBytes } from 'node:crypto'
import ExcelJS from 'exceljs'

/** An XLSX file of these rows (the first one the headers), as a distributor's program writes one. */
export async function xlsxOf(rows: readonly (readonly unknown[])[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook()
  const sheet = workbook.addWorksheet('Sayfa1')
  for (const row of rows) sheet.addRow([...row])
  return Buffer.from(await workbook.xlsx.writeBuffer())
}

/** A multipart body as a browser's FormData sends a file with its fields. */
export function multipartFile(
  fields: Record<string, string>,
  file: { bytes: Buffer; name: string; type?: string },
) {
  const boundary = `----toptan${randomBytes(8).toString('hex')}`
  const chunks: Buffer[] = []
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    )
  }
  chunks.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\n` +
        `Content-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
    ),
    file.bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  )
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  }
}

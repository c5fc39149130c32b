import { customType } from 'drizzle-orm/pg-core'

/** Binary data as a Buffer: node-postgres gives one, PGlite a Uint8Array, which is wrapped alike. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
})

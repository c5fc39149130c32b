import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { loadConfig } from '../config'
import { openConfiguredDatabase } from '../db/open'

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..')

const config = loadConfig(process.env, rootDir, { takesPayments: false })
const database = await openConfiguredDatabase(config)
await database.close()
console.log(`Migrations applied (${config.databaseUrl ? 'PostgreSQL' : 'PGlite'}).`)

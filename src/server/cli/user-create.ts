import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { z } from 'zod'
import { STAFF_ROLES } from '../../domain/staff-access'
import { loadConfig } from '../config'
import { openConfiguredDatabase } from '../db/open'
import { createUser } from '../modules/account/account.service'

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..')

const USAGE = `Usage: npm run user:create -- --email ADDRESS --name "Full Name" --password SECRET [--role ROLE] [--customer ID]
  ROLE: dealer (needs --customer ID), or a staff role: ${STAFF_ROLES.join(', ')} (admin is owner; the default)`

const argsSchema = z
  .object({
    email: z.email(),
    name: z.string().trim().min(1),
    password: z.string().min(8, 'password: at least 8 characters'),
    role: z.enum(['dealer', 'admin', ...STAFF_ROLES]).default('owner'),
    customer: z.coerce.number().int().positive().optional(),
  })
  .refine((a) => a.role !== 'dealer' || a.customer !== undefined, 'a dealer needs --customer ID')

const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    name: { type: 'string' },
    password: { type: 'string' },
    role: { type: 'string' },
    customer: { type: 'string' },
  },
})
const parsed = argsSchema.safeParse(values)
if (!parsed.success) {
  console.error(
    parsed.error.issues.map((i) => `  ${i.path.join('.') || 'arguments'}: ${i.message}`).join('\n'),
  )
  console.error(USAGE)
  process.exit(1)
}
const args = parsed.data
const config = loadConfig(process.env, rootDir, { takesPayments: false })
const database = await openConfiguredDatabase(config)
try {
  const id = await createUser(database.db, {
    email: args.email,
    name: args.name,
    password: args.password,
    role: args.role === 'dealer' ? 'dealer' : 'admin',
    staffRole: args.role === 'dealer' || args.role === 'admin' ? undefined : args.role,
    customerId: args.customer ?? null,
  })
  if (id === null) {
    console.error(`A user with e-mail ${args.email} already exists.`)
    process.exitCode = 1
  } else {
    console.log(`Created ${args.role === 'admin' ? 'owner' : args.role} #${id} ${args.email}.`)
  }
} finally {
  await database.close()
}

import type { PGlite } from '@electric-sql/pglite'

/**
 * Embedded databases used again by the next test file of the same worker instead of loading the
 * migrated template each time (about a second a database on two busy cores, against tens of
 * milliseconds for the reset): what a test wrote is emptied and the template's rows, sequences and
 * session state come back. A database whose schema a test changed (a trigger dropped, a table
 * made), or that could not be reset, is closed instead of kept.
 */

/** What a freshly loaded template holds, read once per worker from its first database. */
export type TemplateState = {
  /** The tables that hold rows after the migrations, their columns (not the generated ones) and rows. */
  rows: Array<{ table: string; columns: string; json: string }>
  /** The size of each table with pages, in bytes. */
  sizes: Map<string, number>
  /** Every sequence's value (null: never used). */
  sequences: Map<string, string | null>
  /** The schema's signature (SCHEMA_SIGNATURE): any DDL a test may run moves it. */
  schema: string
}

const USER_SCHEMAS = `n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast') and n.nspname not like 'pg_temp%' and n.nspname not like 'pg_toast_temp%'`

// Reading every catalog row takes PGlite a tenth of a second; these take a few milliseconds. A new
// table, view, index, sequence or type takes a fresh oid (the newest one moves); a trigger or a
// constraint made, dropped, enabled or disabled moves its catalog's count or newest row version, and
// so does a function of the store's own (the extensions' are many and never change). Not noticed: a
// column altered in place, which no test does.
const SCHEMA_SIGNATURE = `select concat_ws(' ',
  (select count(*) || '/' || max(oid) from pg_class),
  (select max(oid) from pg_type),
  (select count(*) || '/' || coalesce(max(xmin::text::bigint), 0) from pg_trigger),
  (select count(*) || '/' || coalesce(max(xmin::text::bigint), 0) from pg_constraint),
  (select count(*) || '/' || coalesce(max(xmin::text::bigint), 0) from pg_proc p
     where p.pronamespace in (select oid from pg_namespace n where ${USER_SCHEMAS})
       and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e'))
) as signature`

/** The user tables written since they were created or emptied: the only ones with pages. */
const WRITTEN_TABLES = `
  select format('%I.%I', n.nspname, c.relname) as name, pg_relation_size(c.oid) as bytes
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
   where c.relkind = 'r' and ${USER_SCHEMAS} and pg_relation_size(c.oid) > 0`

/**
 * A table grown this much beyond the template is truncated rather than deleted from, so its pages do
 * not stay behind (with the tables that refer to it: TRUNCATE refuses to leave their references).
 */
const TRUNCATE_FROM_BYTES = 1024 * 1024

async function rows<T>(pglite: Pick<PGlite, 'query'>, query: string, params?: unknown[]): Promise<T[]> {
  return (await pglite.query<T>(query, params)).rows
}

async function sequenceValues(pglite: Pick<PGlite, 'query'>): Promise<Map<string, string | null>> {
  const found = await rows<{ name: string; value: string | null }>(
    pglite,
    `select format('%I.%I', schemaname, sequencename) as name, last_value::text as value from pg_sequences`,
  )
  return new Map(found.map((s) => [s.name, s.value]))
}

/** Reads what the template holds (its database must not have been used yet). */
export async function readTemplateState(pglite: PGlite): Promise<TemplateState> {
  const written = await rows<{ name: string; bytes: string }>(pglite, WRITTEN_TABLES)
  const withRows: TemplateState['rows'] = []
  for (const { name } of written) {
    const [found] = await rows<{ columns: string }>(
      pglite,
      `select string_agg(quote_ident(a.attname), ', ' order by a.attnum) as columns from pg_attribute a
        where a.attrelid = $1::regclass and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''`,
      [name],
    )
    const columns = found!.columns
    const [data] = await rows<{ json: string | null }>(
      pglite,
      `select json_agg(t)::text as json from (select ${columns} from ${name}) t`,
    )
    if (data?.json) withRows.push({ table: name, columns, json: data.json })
  }
  return {
    rows: withRows,
    sizes: new Map(written.map((t) => [t.name, Number(t.bytes)])),
    sequences: await sequenceValues(pglite),
    schema: await schemaSignature(pglite),
  }
}

/** What SCHEMA_SIGNATURE reads now. */
export async function schemaSignature(pglite: Pick<PGlite, 'query'>): Promise<string> {
  const [found] = await rows<{ signature: string }>(pglite, SCHEMA_SIGNATURE)
  return found!.signature
}

/**
 * Brings a used database back to the template: session state discarded (prepared statements,
 * settings, advisory locks, temporary tables), every table written to emptied, the template's rows
 * and sequence values put back without firing triggers (their effects are among the template's rows
 * already). Answers false when the database cannot be reused: its schema changed, or it was left
 * inside a transaction.
 */
export async function resetToTemplate(pglite: PGlite, template: TemplateState): Promise<boolean> {
  try {
    // Fails inside a transaction block: a test left one open, and the database is not reused.
    await pglite.exec('discard all')
    if ((await schemaSignature(pglite)) !== template.schema) return false
    await pglite.transaction(async (tx) => {
      await tx.exec('set local session_replication_role = replica')
      const written = await rows<{ name: string; bytes: string }>(tx, WRITTEN_TABLES)
      const grown = (t: { name: string; bytes: string }) =>
        Number(t.bytes) >= (template.sizes.get(t.name) ?? 0) + TRUNCATE_FROM_BYTES
      const large = written.filter(grown).map((t) => t.name)
      if (large.length > 0) await tx.exec(`truncate ${large.join(', ')} cascade`)
      const small = written.filter((t) => !grown(t))
      if (small.length > 0) await tx.exec(small.map((t) => `delete from ${t.name};`).join('\n'))
      for (const { table, columns, json } of template.rows) {
        await tx.query(
          `insert into ${table} (${columns}) overriding system value
           select ${columns} from json_populate_recordset(null::${table}, $1::json)`,
          [json],
        )
      }
      const now = await sequenceValues(tx)
      for (const [name, value] of template.sequences) {
        if (now.get(name) === value) continue
        if (value === null) await tx.query('select setval($1::regclass, 1, false)', [name])
        else await tx.query('select setval($1::regclass, $2::bigint, true)', [name, value])
      }
    })
    return true
  } catch {
    return false
  }
}

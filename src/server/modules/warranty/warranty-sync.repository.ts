import { type SQL, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'

/** The SQL of the ERP's serial upserts: a batch read in one statement, written in a few. */

const rows = async <T>(db: Db, query: SQL): Promise<T[]> =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows
const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`

export type MovementRecord = { date: string; status: string; documentNo: string }

export type SerialRecord = {
  id: number
  serial_number: string
  product_id: number | null
  customer_id: number | null
  sale_date: string | null
  warranty_months: number
  movements: MovementRecord[]
}

export const serialRecords = (db: Db, serialNumbers: string[]) =>
  rows<SerialRecord>(
    db,
    sql`select s.id, s.serial_number, s.product_id, s.customer_id, s.sale_date::text as sale_date,
      s.warranty_months,
      coalesce((select json_agg(json_build_object('date', m.moved_on::text, 'status', m.status,
          'documentNo', m.document_no) order by m.moved_on, m.id)
        from product_serial_movements m where m.serial_id = s.id), '[]'::json) as movements
    from product_serials s where s.serial_number = any(${sql.param(serialNumbers)}::text[])`,
  )

export type SerialWrite = Omit<SerialRecord, 'id' | 'movements'> & { id?: number }

const SERIAL_COLUMNS =
  'serial_number text, product_id int, customer_id int, sale_date date, warranty_months int'

export async function insertSerials(db: Db, serials: SerialWrite[]): Promise<Map<string, number>> {
  if (serials.length === 0) return new Map()
  const created = await rows<{ id: number; serial_number: string }>(
    db,
    sql`insert into product_serials (serial_number, product_id, customer_id, sale_date, warranty_months)
      select serial_number, product_id, customer_id, sale_date, warranty_months
      from jsonb_to_recordset(${json(serials)}) as r(${sql.raw(SERIAL_COLUMNS)})
      returning id, serial_number`,
  )
  return new Map(created.map((r) => [r.serial_number, r.id]))
}

export async function updateSerials(db: Db, serials: (SerialWrite & { id: number })[]) {
  if (serials.length === 0) return
  await db.execute(sql`update product_serials s set product_id = r.product_id, customer_id = r.customer_id,
      sale_date = r.sale_date, warranty_months = r.warranty_months
    from jsonb_to_recordset(${json(serials)}) as r(id int, ${sql.raw(SERIAL_COLUMNS)}) where s.id = r.id`)
}

/** The serials' movements replaced by the lists given. */
export async function replaceMovements(db: Db, lists: { serialId: number; movements: MovementRecord[] }[]) {
  if (lists.length === 0) return
  const serialIds = lists.map((l) => l.serialId)
  await db.execute(
    sql`delete from product_serial_movements where serial_id = any(${sql.param(serialIds)}::int[])`,
  )
  const movements = lists.flatMap((l) =>
    l.movements.map((m) => ({
      serial_id: l.serialId,
      moved_on: m.date,
      status: m.status,
      document_no: m.documentNo,
    })),
  )
  if (movements.length === 0) return
  await db.execute(sql`insert into product_serial_movements (serial_id, moved_on, status, document_no)
    select serial_id, moved_on, status, document_no from jsonb_to_recordset(${json(movements)})
      as r(serial_id int, moved_on date, status text, document_no text)`)
}

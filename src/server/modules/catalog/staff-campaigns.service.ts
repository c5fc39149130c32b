import type {
  CampaignCreate,
  CampaignPatch,
  StaffCampaign,
  StaffCampaignList,
  StaffCampaignRow,
} from '../../../contracts/staff-campaigns'
import { campaignStatus, DEFAULT_SLIDES_PER_VIEW } from '../../../domain/campaign'
import type { CachedDb } from '../../cache/caches'
import type { Db } from '../../db/client'
import { lockWrites } from '../../db/write-lock'
import { AppError, notFound } from '../../http/errors'
import type { StaffActor } from '../../identity'
import { recordAudit } from '../audit/audit.service'
import { loadTranslations, saveTranslations } from '../translations/translations.service'
import { replaceCampaignProducts } from './campaigns-sync.repository'
import {
  type CampaignFields,
  campaignProductRows,
  campaignRecord,
  campaignRecordsInOrder,
  existingProductIds,
  insertCampaign,
  type StaffCampaignRecord,
  setCampaignOrder,
  updateCampaign,
} from './staff-campaigns.repository'

/**
 * The home page's campaigns as staff edit them. Writes take the campaigns' write lock (the ERP's
 * campaign batches take it too) and are audited; the home page reads campaigns fresh on every request,
 * so a change is on every dealer's next page.
 */

type Edit = { data: CachedDb; actor: StaffActor; now: Date }

function rowOf(r: StaffCampaignRecord, nameEn: string, now: Date): StaffCampaignRow {
  return {
    id: r.id,
    code: r.code,
    name: r.name,
    nameEn: nameEn || null,
    rowCount: r.rowCount,
    sortOrder: r.sortOrder,
    active: r.isActive,
    startsAt: r.startsAt?.toISOString() ?? null,
    endsAt: r.endsAt?.toISOString() ?? null,
    status: campaignStatus({ active: r.isActive, startsAt: r.startsAt, endsAt: r.endsAt }, now),
    productCount: r.productCount,
    slidesPerView: { phone: r.slidesPhone, tablet: r.slidesTablet, desktop: r.slidesDesktop },
  }
}

/** GET /yonetim/campaigns */
export async function listCampaigns(data: CachedDb, now: Date): Promise<StaffCampaignList> {
  const english = await loadTranslations(data, 'en')
  const records = await campaignRecordsInOrder(data.db)
  return { items: records.map((r) => rowOf(r, english.text('campaign', r.id, ''), now)) }
}

/** GET /yonetim/campaigns/{id} */
export async function staffCampaign(data: CachedDb, id: number, now: Date): Promise<StaffCampaign> {
  const record = await campaignRecord(data.db, id)
  if (!record) throw notFound()
  const english = await loadTranslations(data, 'en')
  return {
    ...rowOf(record, english.text('campaign', id, ''), now),
    products: await campaignProductRows(data.db, id),
  }
}

const unknownProduct = (id: number) =>
  new AppError('validation', 'error.validation', undefined, 'validation', {
    productIds: { key: 'sync.row.unknownReference', params: { field: 'productIds', value: String(id) } },
  })

function fieldsOf(before: StaffCampaignRecord | null, body: CampaignPatch): CampaignFields {
  const when = (sent: string | null | undefined, was: Date | null | undefined) =>
    sent === undefined ? (was ?? null) : sent === null ? null : new Date(sent)
  const perView = body.slidesPerView ?? {
    phone: before?.slidesPhone ?? DEFAULT_SLIDES_PER_VIEW.phone,
    tablet: before?.slidesTablet ?? DEFAULT_SLIDES_PER_VIEW.tablet,
    desktop: before?.slidesDesktop ?? DEFAULT_SLIDES_PER_VIEW.desktop,
  }
  return {
    name: body.name ?? before?.name ?? '',
    rowCount: body.rowCount ?? before?.rowCount ?? 1,
    isActive: body.active ?? before?.isActive ?? true,
    startsAt: when(body.startsAt, before?.startsAt),
    endsAt: when(body.endsAt, before?.endsAt),
    slidesPhone: perView.phone,
    slidesTablet: perView.tablet,
    slidesDesktop: perView.desktop,
  }
}

const datesOutOfOrder = () =>
  new AppError('validation', 'error.validation', undefined, 'validation', {
    endsAt: { key: 'campaigns.endsBeforeStart' },
  })

/** What the audit trail compares. */
const auditView = (c: StaffCampaign) => ({
  name: c.name,
  nameEn: c.nameEn,
  rowCount: c.rowCount,
  active: c.active,
  startsAt: c.startsAt,
  endsAt: c.endsAt,
  slidesPerView: `${c.slidesPerView.phone} / ${c.slidesPerView.tablet} / ${c.slidesPerView.desktop}`,
  products: c.products.map((p) => p.code).join(', '),
})

async function write(edit: Edit, id: number | null, body: CampaignPatch): Promise<StaffCampaign> {
  return edit.data.db.transaction(async (tx) => {
    await lockWrites(tx, 'campaigns')
    const inTx = { ...edit.data, db: tx }
    const stored = id === null ? null : await campaignRecord(tx, id)
    if (id !== null && !stored) throw notFound()
    const before = id === null ? null : await staffCampaign(inTx, id, edit.now)
    const fields = fieldsOf(stored, body)
    if (fields.startsAt && fields.endsAt && fields.endsAt <= fields.startsAt) throw datesOutOfOrder()
    if (body.productIds) {
      const known = await existingProductIds(tx, body.productIds)
      const missing = body.productIds.find((p) => !known.has(p))
      if (missing !== undefined) throw unknownProduct(missing)
    }
    const campaignId = id ?? (await insertCampaign(tx, fields))
    if (id !== null) await updateCampaign(tx, id, fields)
    if (body.productIds) {
      await replaceCampaignProducts(tx, [{ campaignId, productIds: [...new Set(body.productIds)] }])
    }
    if (body.nameEn !== undefined)
      await saveTranslations(inTx, 'en', [
        { kind: 'campaign', key: String(campaignId), text: body.nameEn ?? '' },
      ])
    const after = await staffCampaign(inTx, campaignId, edit.now)
    const [was, now] = [before ? auditView(before) : null, auditView(after)]
    if (JSON.stringify(was) !== JSON.stringify(now))
      await recordAudit(
        tx,
        edit.actor,
        {
          entity: 'campaign',
          entityId: campaignId,
          action: was ? 'update' : 'create',
          before: was,
          after: now,
        },
        edit.now,
      )
    return after
  })
}

/** POST /yonetim/campaigns */
export const createCampaign = (edit: Edit, body: CampaignCreate) => write(edit, null, body)

/** PATCH /yonetim/campaigns/{id} */
export const updateCampaignFields = (edit: Edit, id: number, body: CampaignPatch) => write(edit, id, body)

/** POST /yonetim/campaigns/reorder: every campaign once, in its new home-page order. */
export async function reorderCampaigns(edit: Edit, ids: number[]): Promise<StaffCampaignList> {
  await edit.data.db.transaction(async (tx: Db) => {
    await lockWrites(tx, 'campaigns')
    const all = await campaignRecordsInOrder(tx)
    const same =
      ids.length === all.length && new Set(ids).size === ids.length && all.every((c) => ids.includes(c.id))
    if (!same) throw new AppError('validation', 'campaigns.reorderMismatch')
    await setCampaignOrder(tx, ids)
    await recordAudit(
      tx,
      edit.actor,
      {
        entity: 'campaign',
        entityId: 'order',
        action: 'update',
        before: { order: all.map((c) => c.code).join(', ') },
        after: { order: ids.map((id) => all.find((c) => c.id === id)!.code).join(', ') },
      },
      edit.now,
    )
  })
  return listCampaigns(edit.data, edit.now)
}

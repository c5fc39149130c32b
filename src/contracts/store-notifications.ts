import { z } from 'zod'

/** At most this many addresses receive the store's mail of each new order and offer. */
export const STORE_MAIL_RECIPIENTS_MAX = 10

const emailSchema = z.string().trim().toLowerCase().max(254).pipe(z.email())

/**
 * PUT /yonetim/settings/notifications — who receives the store's mail of every new order and offer.
 * Empty: the store's own address (store_info.email). The same address twice is refused.
 */
export const storeNotificationsBodySchema = z.strictObject({
  recipients: z
    .array(emailSchema)
    .max(STORE_MAIL_RECIPIENTS_MAX)
    .refine((list) => new Set(list).size === list.length, { message: 'duplicate' }),
})
export type StoreNotificationsBody = z.input<typeof storeNotificationsBodySchema>

export const storeNotificationsSchema = z.object({
  recipients: z.array(z.string()),
  /** The store's address, which receives the mails while `recipients` is empty (null: none set). */
  storeEmail: z.string().nullable(),
})
export type StoreNotifications = z.infer<typeof storeNotificationsSchema>

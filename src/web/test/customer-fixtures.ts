import { type StaffCustomerList, staffCustomerListSchema } from '../../contracts/staff-customers'
import { apiJson } from './network'

type Dealer = { id: number; code: string; name: string }

/** GET /yonetim/customers answered with these companies (one page), the rest of each row filled in. */
export function customerListReply(dealers: Dealer[]) {
  const list: StaffCustomerList = {
    items: dealers.map((d) => ({
      ...d,
      taxNumber: null,
      city: null,
      riskLimit: 0,
      profitPercent: 0,
      paymentTermDays: 0,
      salesPerson: null,
      active: true,
    })),
    page: 1,
    pages: 1,
    limit: 50,
    total: dealers.length,
    capped: false,
  }
  return apiJson(staffCustomerListSchema, list)
}

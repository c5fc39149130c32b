import { defineFuzzSuite } from '../test/fuzz/suite'

// The payment links, card payments, the 3-D Secure callback and the sandbox POS routes under the property-based fuzz.
await defineFuzzSuite('payments')

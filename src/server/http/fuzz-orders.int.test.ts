import { defineFuzzSuite } from '../test/fuzz/suite'

// Issue 14: the orders and offers routes under the property-based fuzz.
await defineFuzzSuite('orders')

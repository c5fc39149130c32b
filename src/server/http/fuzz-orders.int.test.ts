import { defineFuzzSuite } from '../test/fuzz/suite'

// The orders and offers routes under the property-based fuzz.
await defineFuzzSuite('orders')

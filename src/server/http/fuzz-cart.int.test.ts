import { defineFuzzSuite } from '../test/fuzz/suite'

// Issue 14: the cart and BIN check routes under the property-based fuzz.
await defineFuzzSuite('cart')

import { Card, SimpleGrid, Skeleton, Stack } from '@mantine/core'
import type { Product } from '../../../../contracts/catalog'
import { PAGE_SLOTS } from '../list-params'
import { gridImageSize, ProductCard } from './ProductCard'

/** Two cards a row on phones, three from 1000px, four on wide screens. */
const columns = { base: 2, md: 3, xl: 4 }
/** The first row on a phone: the images above the fold, one of which is the page's largest paint. */
const priorityCards = 2
const listStyle = { listStyle: 'none', padding: 0, margin: 0 }

export function ProductGrid({ products }: { products: Product[] }) {
  return (
    <SimpleGrid cols={columns} spacing="sm" component="ul" style={listStyle} data-testid="product-grid">
      {products.map((product, index) => (
        <li key={product.id}>
          <ProductCard product={product} priority={index < priorityCards} />
        </li>
      ))}
    </SimpleGrid>
  )
}

const slots = Array.from({ length: PAGE_SLOTS }, (_, i) => `slot-${i}`)

/** One placeholder card per page slot. */
export function ProductGridSkeleton() {
  return (
    <SimpleGrid cols={columns} spacing="sm" aria-hidden="true">
      {slots.map((slot) => (
        <Card key={slot} withBorder padding="sm" data-testid="product-skeleton">
          <Card.Section>
            <Skeleton height={gridImageSize} radius={0} />
          </Card.Section>
          <Stack gap={8} mt="sm">
            <Skeleton height={12} />
            <Skeleton height={12} width="60%" />
            <Skeleton height={18} width="45%" />
            <Skeleton height={28} />
          </Stack>
        </Card>
      ))}
    </SimpleGrid>
  )
}

import {
  ActionIcon,
  Badge,
  Box,
  Combobox,
  Group,
  Loader,
  Stack,
  Text,
  TextInput,
  useCombobox,
} from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { useId, useState } from 'react'
import { CAMPAIGN_MAX_PRODUCTS } from '../../../../contracts/staff-campaigns'
import { SearchIcon } from '../../../components/icons/Icons'
import { ProductImage } from '../../../components/ProductImage'
import { useTranslation } from '../../../i18n/use-translation'
import { announce } from '../../../lib/announce'
import { MoveButtons, moved } from '../catalogue-setup/MoveButtons'
import { RemoveIcon } from '../catalogue-setup/setup-icons'
import type { CampaignProduct } from './campaign-form'
import { useProductSearch } from './campaigns-api'

const P = 'staffCampaigns.products'

function InactiveBadge() {
  const { t } = useTranslation()
  return (
    <Badge color="orange" variant="light" tt="none" style={{ flex: 'none' }} data-testid="product-inactive">
      {t(`${P}.inactive`)}
    </Badge>
  )
}

/**
 * The product search: a code, name or barcode typed, the server's first matches offered (with their
 * picture), one chosen with the arrows and Enter or a click. The focus stays in the field for the next.
 */
function ProductPicker({
  chosen,
  onAdd,
}: {
  chosen: CampaignProduct[]
  onAdd: (product: CampaignProduct) => void
}) {
  const { t } = useTranslation()
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() })
  const [search, setSearch] = useState('')
  const [q] = useDebouncedValue(search.trim(), 250)
  const found = useProductSearch(q)
  const taken = new Set(chosen.map((p) => p.id))
  const items = q === '' ? [] : (found.data?.items ?? [])
  const full = chosen.length >= CAMPAIGN_MAX_PRODUCTS
  return (
    <Combobox
      store={combobox}
      withinPortal={false}
      onOptionSubmit={(value) => {
        const product = items.find((p) => String(p.id) === value)
        if (!product || taken.has(product.id)) return
        onAdd({
          id: product.id,
          code: product.code,
          name: product.name,
          image: product.image,
          active: product.active,
        })
        setSearch('')
        combobox.closeDropdown()
      }}
    >
      <Combobox.Target>
        <TextInput
          label={t(`${P}.search`)}
          description={full ? t(`${P}.full`, { max: CAMPAIGN_MAX_PRODUCTS }) : t(`${P}.searchHelp`)}
          placeholder={t(`${P}.searchPlaceholder`)}
          leftSection={<SearchIcon size={18} />}
          rightSection={found.isFetching ? <Loader size="xs" aria-hidden="true" /> : null}
          value={search}
          readOnly={full}
          autoComplete="off"
          onChange={(event) => {
            setSearch(event.currentTarget.value)
            combobox.openDropdown()
            combobox.updateSelectedOptionIndex()
          }}
          onClick={() => combobox.openDropdown()}
          onFocus={() => combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
          data-testid="campaign-product-search"
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={q === '' || search.trim() === ''}>
        <Combobox.Options mah={320} style={{ overflowY: 'auto' }} aria-label={t(`${P}.results`)}>
          {items.length === 0 ? (
            <Combobox.Empty>{found.isFetching ? t(`${P}.searching`) : t(`${P}.nothingFound`)}</Combobox.Empty>
          ) : (
            items.map((product) => (
              <Combobox.Option
                key={product.id}
                value={String(product.id)}
                disabled={taken.has(product.id)}
                data-testid="campaign-product-option"
              >
                <Group gap="sm" wrap="nowrap">
                  <Box w={36} style={{ flex: 'none' }}>
                    <ProductImage file={product.image} alt="" height={36} width={36} />
                  </Box>
                  <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
                    <Text size="sm" fw={600}>
                      {product.code}
                    </Text>
                    <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
                      {product.name}
                    </Text>
                  </Stack>
                  {taken.has(product.id) && (
                    <Badge variant="light" color="gray" tt="none" style={{ flex: 'none' }}>
                      {t(`${P}.alreadyIn`)}
                    </Badge>
                  )}
                  {!product.active && <InactiveBadge />}
                </Group>
              </Combobox.Option>
            ))
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  )
}

/**
 * The campaign's products in their carousel order: added by search, moved up and down, taken out.
 * Taking one out puts the focus on the next row's button (or the search when the list is empty).
 */
export function CampaignProducts({
  products,
  onChange,
  canWrite,
  error,
}: {
  products: CampaignProduct[]
  onChange: (products: CampaignProduct[]) => void
  canWrite: boolean
  error: string | undefined
}) {
  const { t } = useTranslation()
  const errorId = useId()
  const add = (product: CampaignProduct) => {
    onChange([...products, product])
    announce(t(`${P}.added`, { code: product.code, position: products.length + 1 }))
  }
  const remove = (index: number) => {
    const product = products[index]!
    const next = products[index + 1] ?? products[index - 1]
    onChange(products.filter((_, i) => i !== index))
    announce(t(`${P}.removed`, { code: product.code }))
    setTimeout(() => {
      const target = next
        ? document.querySelector<HTMLElement>(`[data-remove="${next.id}"]`)
        : document.querySelector<HTMLElement>('[data-testid="campaign-product-search"]')
      target?.focus()
    }, 0)
  }
  return (
    <Stack gap="sm">
      {canWrite && <ProductPicker chosen={products} onAdd={add} />}
      {error && (
        <Text size="sm" c="red.8" role="alert" id={errorId}>
          {error}
        </Text>
      )}
      {products.length === 0 ? (
        <Text size="sm" c="gray.7" data-testid="campaign-products-empty">
          {canWrite ? t(`${P}.emptyWrite`) : t(`${P}.empty`)}
        </Text>
      ) : (
        <Stack
          component="ol"
          gap={0}
          m={0}
          p={0}
          style={{ listStyle: 'none' }}
          aria-label={t(`${P}.listLabel`, { count: products.length })}
          aria-describedby={error ? errorId : undefined}
          data-testid="campaign-products"
        >
          {products.map((product, index) => (
            <Group
              component="li"
              key={product.id}
              gap="sm"
              wrap="nowrap"
              py={6}
              style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
              data-testid="campaign-product"
            >
              <Text size="sm" c="gray.7" w={28} ta="right" style={{ flex: 'none' }}>
                {index + 1}.
              </Text>
              <Box w={40} style={{ flex: 'none' }}>
                <ProductImage file={product.image} alt="" height={40} width={40} />
              </Box>
              <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
                <Group gap={6} wrap="wrap">
                  <Text size="sm" fw={600} data-testid="campaign-product-code">
                    {product.code}
                  </Text>
                  {!product.active && <InactiveBadge />}
                </Group>
                <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
                  {product.name}
                </Text>
              </Stack>
              {canWrite && (
                <Group gap={2} wrap="nowrap" style={{ flex: 'none' }}>
                  <MoveButtons
                    moveKey={`campaign-product-${product.id}`}
                    index={index}
                    count={products.length}
                    upLabel={t(`${P}.moveUp`, { code: product.code })}
                    downLabel={t(`${P}.moveDown`, { code: product.code })}
                    onMove={(delta) => {
                      onChange(moved(products, index, delta))
                      announce(t(`${P}.movedTo`, { code: product.code, position: index + delta + 1 }))
                    }}
                  />
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size="lg"
                    aria-label={t(`${P}.remove`, { code: product.code })}
                    data-remove={product.id}
                    onClick={() => remove(index)}
                  >
                    <RemoveIcon />
                  </ActionIcon>
                </Group>
              )}
            </Group>
          ))}
        </Stack>
      )}
    </Stack>
  )
}

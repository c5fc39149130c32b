import {
  ActionIcon,
  Button,
  Card,
  Group,
  NumberInput,
  Radio,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core'
import { randomId } from '@mantine/hooks'
import Big from 'big.js'
import { useId } from 'react'
import type { Locale } from '../../../../../contracts/common'
import { PlusIcon, TrashIcon } from '../../../../components/icons/Icons'
import { useTranslation } from '../../../../i18n/use-translation'
import { useSession } from '../../../../lib/session-context'
import { usePhoneLayout } from '../../../../lib/use-phone-layout'
import { decimalForInput, parseDecimal } from '../product-format'
import { EditorSection, type ProductForm, type SectionProps } from './EditorSection'
import { MAX_UNITS } from './product-form'

const E = 'staffProducts.editor'
const U = `${E}.units`

/** The sale price × the multiplier as the field would show it; null when either is not a number yet. */
function followingPrice(salePrice: string, multiplier: number | string, locale: Locale): string | null {
  const price = parseDecimal(salePrice, locale)
  if (!price.ok || price.value === null || !Number.isInteger(Number(multiplier)) || Number(multiplier) < 1)
    return null
  return decimalForInput(new Big(price.value).times(Number(multiplier)).toFixed(2), locale)
}

/** Focus moves once the rows have been drawn again. */
const focusLater = (selector: string) =>
  setTimeout(() => document.querySelector<HTMLElement>(selector)?.focus(), 0)

type RowProps = { form: ProductForm; index: number; readOnly: boolean; group: string }

/** The row's controls, each named with the row's number for a reader that hears one at a time. */
function useUnitFields({ form, index, readOnly, group }: RowProps) {
  const { t } = useTranslation()
  const { locale } = useSession()
  const n = index + 1
  const units = form.getValues().units
  const unit = units[index]!
  const name = unit.name || t(`${U}.unnamed`, { n })
  const follows = followingPrice(form.getValues().salePrice, unit.multiplier, locale)
  const path = (field: string) => `units.${index}.${field}`
  return {
    name: (label: boolean) => (
      <TextInput
        label={label ? t(`${U}.name`) : undefined}
        aria-label={label ? undefined : t(`${U}.nameOf`, { n })}
        required
        maxLength={40}
        autoComplete="off"
        readOnly={readOnly}
        {...form.getInputProps(path('name'))}
        data-unit-name={index}
        data-testid={`unit-name-${index}`}
      />
    ),
    multiplier: (label: boolean) => (
      <NumberInput
        label={label ? t(`${U}.multiplier`) : undefined}
        aria-label={label ? undefined : t(`${U}.multiplierOf`, { name })}
        required
        min={1}
        max={1_000_000}
        allowDecimal={false}
        allowNegative={false}
        clampBehavior="none"
        readOnly={readOnly}
        {...form.getInputProps(path('multiplier'))}
        data-testid={`unit-multiplier-${index}`}
      />
    ),
    barcode: (label: boolean) => (
      <TextInput
        label={label ? t(`${U}.barcode`) : undefined}
        aria-label={label ? undefined : t(`${U}.barcodeOf`, { name })}
        maxLength={64}
        autoComplete="off"
        readOnly={readOnly}
        {...form.getInputProps(path('barcode'))}
        data-testid={`unit-barcode-${index}`}
      />
    ),
    price: (label: boolean) => (
      <TextInput
        label={label ? t(`${U}.price`) : undefined}
        aria-label={label ? undefined : t(`${U}.priceOf`, { name })}
        // The price it sells at without one of its own.
        placeholder={follows ?? t(`${U}.followsPrice`)}
        inputMode="decimal"
        autoComplete="off"
        readOnly={readOnly}
        {...form.getInputProps(path('price'))}
        data-testid={`unit-price-${index}`}
      />
    ),
    isDefault: (label: boolean) => (
      <Radio
        name={group}
        value={String(index)}
        checked={unit.isDefault}
        disabled={readOnly}
        label={label ? t(`${U}.isDefault`) : undefined}
        aria-label={label ? undefined : t(`${U}.isDefaultOf`, { name })}
        onChange={() =>
          form.setFieldValue(
            'units',
            units.map((u, i) => ({ ...u, isDefault: i === index })),
          )
        }
        data-testid={`unit-default-${index}`}
      />
    ),
    remove: readOnly ? null : (
      <ActionIcon
        variant="subtle"
        color="red"
        size="lg"
        disabled={units.length <= 1}
        aria-label={t(`${U}.remove`, { name })}
        onClick={() => {
          const rest = units.filter((_, i) => i !== index)
          // The default goes to the first unit when the default one is removed.
          if (!rest.some((u) => u.isDefault) && rest[0]) rest[0] = { ...rest[0], isDefault: true }
          form.setFieldValue('units', rest)
          // The removed row's button is gone: the keyboard's focus goes on to the add button.
          focusLater('[data-unit-add]')
        }}
        data-testid={`unit-remove-${index}`}
      >
        <TrashIcon size={18} />
      </ActionIcon>
    ),
  }
}

function UnitRow(props: RowProps) {
  const f = useUnitFields(props)
  return (
    <Table.Tr>
      <Table.Td>{f.name(false)}</Table.Td>
      <Table.Td>{f.multiplier(false)}</Table.Td>
      <Table.Td>{f.barcode(false)}</Table.Td>
      <Table.Td>{f.price(false)}</Table.Td>
      <Table.Td>{f.isDefault(false)}</Table.Td>
      {!props.readOnly && <Table.Td>{f.remove}</Table.Td>}
    </Table.Tr>
  )
}

function UnitCard(props: RowProps) {
  const { t } = useTranslation()
  const f = useUnitFields(props)
  return (
    <Card withBorder padding="sm" component="li">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Text fw={600} size="sm">
            {t(`${U}.title`, { n: props.index + 1 })}
          </Text>
          {f.remove}
        </Group>
        <SimpleGrid cols={2} spacing="xs">
          {f.name(true)}
          {f.multiplier(true)}
          {f.barcode(true)}
          {f.price(true)}
        </SimpleGrid>
        {f.isDefault(true)}
      </Stack>
    </Card>
  )
}

/**
 * The product's units (Adet, Koli…): each with how many base units it holds, its barcode, a price of
 * its own if it has one (else the sale price × the multiplier) and which one a dealer's cart starts
 * with. At least one, at most ten.
 */
export function UnitsSection({ form, readOnly }: SectionProps) {
  const { t } = useTranslation()
  const phone = usePhoneLayout()
  const group = useId()
  const units = form.getValues().units
  const listError = form.errors.units
  const rows = units.map((unit, index) =>
    phone ? (
      <UnitCard key={unit.key} form={form} index={index} readOnly={readOnly} group={group} />
    ) : (
      <UnitRow key={unit.key} form={form} index={index} readOnly={readOnly} group={group} />
    ),
  )
  return (
    <EditorSection title={t(`${E}.sections.units`)} hint={t(`${U}.hint`)} testId="editor-units">
      {() => (
        <>
          {phone ? (
            <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }}>
              {rows}
            </Stack>
          ) : (
            <Table.ScrollContainer minWidth={720} type="native">
              <Table verticalSpacing="xs" data-testid="units-table">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t(`${U}.name`)}</Table.Th>
                    <Table.Th w={130}>{t(`${U}.multiplier`)}</Table.Th>
                    <Table.Th>{t(`${U}.barcode`)}</Table.Th>
                    <Table.Th>{t(`${U}.price`)}</Table.Th>
                    <Table.Th w={120}>{t(`${U}.isDefault`)}</Table.Th>
                    {!readOnly && (
                      <Table.Th w={56}>
                        <VisuallyHidden>{t(`${U}.actions`)}</VisuallyHidden>
                      </Table.Th>
                    )}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>{rows}</Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          {listError && (
            <Text size="sm" c="red.8" role="alert">
              {listError}
            </Text>
          )}
          {!readOnly && (
            <Group>
              <Button
                variant="light"
                leftSection={<PlusIcon size={18} />}
                disabled={units.length >= MAX_UNITS}
                onClick={() => {
                  form.insertListItem('units', {
                    key: randomId('unit-'),
                    name: '',
                    multiplier: '',
                    barcode: '',
                    price: '',
                    listPrice: '',
                    isDefault: false,
                  })
                  focusLater(`[data-unit-name="${units.length}"]`)
                }}
                data-unit-add
                data-testid="unit-add"
              >
                {t(`${U}.add`)}
              </Button>
            </Group>
          )}
        </>
      )}
    </EditorSection>
  )
}

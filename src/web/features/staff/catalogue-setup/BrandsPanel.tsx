import { ActionIcon, Badge, Button, Card, Group, Skeleton, Stack, Text } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { DataTable } from 'mantine-datatable'
import { useState } from 'react'
import type { StaffBrand } from '../../../../contracts/staff-catalogue'
import { PlusIcon } from '../../../components/icons/Icons'
import { LoadError } from '../../../components/LoadError'
import { useTranslation } from '../../../i18n/use-translation'
import { useSession } from '../../../lib/session-context'
import { usePhoneLayout } from '../../../lib/use-phone-layout'
import { CodeNameModal } from './CodeNameModal'
import { useAddBrand, useAddModel, useBrands, useRenameBrand, useRenameModel } from './catalogue-setup-api'
import { useDialog } from './FormModal'
import { countText } from './setup-format'
import { ChevronRightIcon, PencilIcon } from './setup-icons'

const B = 'catalogueSetup.brands'

type Model = StaffBrand['models'][number]
type Dialog =
  | { kind: 'add' }
  | { kind: 'rename'; brand: StaffBrand }
  | { kind: 'addModel'; brand: StaffBrand }
  | { kind: 'renameModel'; brand: StaffBrand; model: Model }

interface RowProps {
  brand: StaffBrand
  canWrite: boolean
  open: (dialog: Dialog) => void
}

/** A brand's models, each renamed on its own, and a button for a new one. */
function ModelList({ brand, canWrite, open }: RowProps) {
  const { t } = useTranslation()
  return (
    <Stack gap={6} data-testid={`brand-models-${brand.id}`}>
      {brand.models.length === 0 ? (
        <Text size="sm" c="gray.7">
          {t(`${B}.noModels`)}
        </Text>
      ) : (
        <Stack
          component="ul"
          gap={2}
          m={0}
          p={0}
          style={{ listStyle: 'none' }}
          aria-label={t(`${B}.modelsOf`, { name: brand.name })}
        >
          {brand.models.map((model) => (
            <Group component="li" key={model.id} gap="xs" wrap="nowrap">
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {model.name}
              </Text>
              <Text size="xs" c="gray.7">
                {model.code ?? '—'}
              </Text>
              {canWrite && (
                <ActionIcon
                  variant="subtle"
                  size="md"
                  aria-label={t(`${B}.renameModel`, { name: model.name })}
                  onClick={() => open({ kind: 'renameModel', brand, model })}
                >
                  <PencilIcon size={16} />
                </ActionIcon>
              )}
            </Group>
          ))}
        </Stack>
      )}
      {canWrite && (
        <Group>
          <Button
            size="xs"
            variant="light"
            leftSection={<PlusIcon size={16} />}
            onClick={() => open({ kind: 'addModel', brand })}
          >
            {t(`${B}.addModel`)}
          </Button>
        </Group>
      )}
    </Stack>
  )
}

/** The toggle that shows a brand's models under it. */
function ModelsToggle({
  brand,
  shown,
  onToggle,
}: {
  brand: StaffBrand
  shown: boolean
  onToggle: () => void
}) {
  const { t } = useTranslation()
  const models = t(`${B}.modelCount`, { count: brand.models.length })
  return (
    <Button
      variant="subtle"
      size="compact-sm"
      aria-expanded={shown}
      aria-controls={shown ? `brand-models-${brand.id}` : undefined}
      // The name starts with the button's own text (WCAG 2.5.3, label in name).
      aria-label={t(`${B}.showModels`, { models, name: brand.name })}
      leftSection={
        <ChevronRightIcon
          size={16}
          style={{ transform: shown ? 'rotate(90deg)' : undefined, transition: 'transform 120ms' }}
        />
      }
      onClick={onToggle}
    >
      {models}
    </Button>
  )
}

function RenameButton({ brand, open }: Pick<RowProps, 'brand' | 'open'>) {
  const { t } = useTranslation()
  return (
    <ActionIcon
      variant="subtle"
      size="lg"
      aria-label={t(`${B}.rename`, { name: brand.name })}
      onClick={() => open({ kind: 'rename', brand })}
    >
      <PencilIcon />
    </ActionIcon>
  )
}

function BrandTable({
  brands,
  canWrite,
  open,
  shown,
  toggle,
}: {
  brands: StaffBrand[]
  canWrite: boolean
  open: (dialog: Dialog) => void
  shown: number[]
  toggle: (id: number) => void
}) {
  const { t } = useTranslation()
  const { locale } = useSession()
  return (
    <DataTable<StaffBrand>
      withTableBorder
      borderRadius="sm"
      striped
      aria-label={t(`${B}.listLabel`)}
      records={brands}
      idAccessor="id"
      data-testid="brands-table"
      columns={[
        { accessor: 'code', title: t(`${B}.columns.code`), noWrap: true },
        { accessor: 'name', title: t(`${B}.columns.name`) },
        {
          accessor: 'productCount',
          title: t(`${B}.columns.products`),
          textAlign: 'right',
          noWrap: true,
          render: (brand) => countText(brand.productCount, locale),
        },
        {
          accessor: 'models',
          title: t(`${B}.columns.models`),
          // The models open in their own cell: the row stays one row of the table.
          render: (brand) => (
            <Stack gap={4} align="flex-start">
              <ModelsToggle
                brand={brand}
                shown={shown.includes(brand.id)}
                onToggle={() => toggle(brand.id)}
              />
              {shown.includes(brand.id) && (
                <Stack id={`brand-models-${brand.id}`} pl="xs">
                  <ModelList brand={brand} canWrite={canWrite} open={open} />
                </Stack>
              )}
            </Stack>
          ),
        },
        ...(canWrite
          ? [
              {
                accessor: 'actions',
                title: t(`${B}.columns.actions`),
                textAlign: 'right' as const,
                render: (brand: StaffBrand) => <RenameButton brand={brand} open={open} />,
              },
            ]
          : []),
      ]}
    />
  )
}

function BrandCards({
  brands,
  canWrite,
  open,
  shown,
  toggle,
}: {
  brands: StaffBrand[]
  canWrite: boolean
  open: (dialog: Dialog) => void
  shown: number[]
  toggle: (id: number) => void
}) {
  const { t } = useTranslation()
  return (
    <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }} aria-label={t(`${B}.listLabel`)}>
      {brands.map((brand) => (
        <Card component="li" key={brand.id} withBorder padding="sm" data-testid="brand-card">
          <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
                {brand.name}
              </Text>
              <Text size="xs" c="gray.7">
                {brand.code}
              </Text>
            </Stack>
            <Group gap={4} wrap="nowrap">
              <Badge variant="light" color="gray" tt="none">
                {t('catalogueSetup.categories.productCount', { count: brand.productCount })}
              </Badge>
              {canWrite && <RenameButton brand={brand} open={open} />}
            </Group>
          </Group>
          <ModelsToggle brand={brand} shown={shown.includes(brand.id)} onToggle={() => toggle(brand.id)} />
          {shown.includes(brand.id) && (
            <Stack mt="xs" id={`brand-models-${brand.id}`}>
              <ModelList brand={brand} canWrite={canWrite} open={open} />
            </Stack>
          )}
        </Card>
      ))}
    </Stack>
  )
}

/** The brands with their product counts and models: added and renamed, models added and renamed. */
export function BrandsPanel({ canWrite }: { canWrite: boolean }) {
  const { t } = useTranslation()
  const phone = usePhoneLayout()
  const brands = useBrands()
  const addBrand = useAddBrand()
  const renameBrand = useRenameBrand()
  const addModel = useAddModel()
  const renameModel = useRenameModel()
  const { dialog, open, close } = useDialog<Dialog>()
  const [shown, setShown] = useState<number[]>([])
  const toggle = (id: number) =>
    setShown((ids) => (ids.includes(id) ? ids.filter((other) => other !== id) : [...ids, id]))
  const done = (message: string) => {
    notifications.show({ color: 'green', message })
    close()
  }

  if (brands.isError && !brands.data) {
    return <LoadError title={t(`${B}.loadError`)} error={brands.error} onRetry={() => brands.refetch()} />
  }
  if (!brands.data) {
    return (
      <Stack gap="xs" pt="md" role="status" aria-label={t(`${B}.loading`)}>
        <Skeleton height={40} />
        <Skeleton height={40} />
      </Stack>
    )
  }
  const items = brands.data.items
  const list = { brands: items, canWrite, open, shown, toggle }
  return (
    <Stack gap="sm" pt="md">
      {canWrite && (
        <Group justify="flex-end">
          <Button leftSection={<PlusIcon size={18} />} onClick={() => open({ kind: 'add' })}>
            {t(`${B}.add`)}
          </Button>
        </Group>
      )}
      {items.length === 0 ? (
        <Text size="sm" c="gray.7">
          {t(`${B}.empty`)}
        </Text>
      ) : phone ? (
        <BrandCards {...list} />
      ) : (
        <BrandTable {...list} />
      )}
      {dialog?.kind === 'add' && (
        <CodeNameModal
          title={t(`${B}.addTitle`)}
          submitLabel={t(`${B}.addSubmit`)}
          codeLabel={t(`${B}.codeLabel`)}
          nameLabel={t(`${B}.nameLabel`)}
          withCode
          save={(values) =>
            addBrand.mutateAsync(values).then((made) => done(t(`${B}.added`, { name: made.name })))
          }
          onClose={close}
          testId="brand-add-form"
        />
      )}
      {dialog?.kind === 'rename' && (
        <CodeNameModal
          title={t(`${B}.renameTitle`, { code: dialog.brand.code })}
          submitLabel={t('catalogueSetup.save')}
          nameLabel={t(`${B}.nameLabel`)}
          initialName={dialog.brand.name}
          withCode={false}
          save={({ name }) =>
            renameBrand
              .mutateAsync({ id: dialog.brand.id, name })
              .then((saved) => done(t('catalogueSetup.saved', { name: saved.name })))
          }
          onClose={close}
          testId="brand-rename-form"
        />
      )}
      {dialog?.kind === 'addModel' && (
        <CodeNameModal
          title={t(`${B}.addModelTitle`, { name: dialog.brand.name })}
          submitLabel={t(`${B}.addModelSubmit`)}
          codeLabel={t(`${B}.modelCodeLabel`)}
          nameLabel={t(`${B}.modelNameLabel`)}
          withCode
          save={(values) =>
            addModel.mutateAsync({ brandId: dialog.brand.id, ...values }).then(() => {
              // The new model is in view: its brand's list opens.
              setShown((ids) => (ids.includes(dialog.brand.id) ? ids : [...ids, dialog.brand.id]))
              done(t(`${B}.modelAdded`, { name: values.name }))
            })
          }
          onClose={close}
          testId="model-add-form"
        />
      )}
      {dialog?.kind === 'renameModel' && (
        <CodeNameModal
          title={t(`${B}.renameModelTitle`, { brand: dialog.brand.name })}
          submitLabel={t('catalogueSetup.save')}
          nameLabel={t(`${B}.modelNameLabel`)}
          initialName={dialog.model.name}
          withCode={false}
          save={({ name }) =>
            renameModel
              .mutateAsync({ brandId: dialog.brand.id, modelId: dialog.model.id, name })
              .then(() => done(t('catalogueSetup.saved', { name })))
          }
          onClose={close}
          testId="model-rename-form"
        />
      )}
    </Stack>
  )
}

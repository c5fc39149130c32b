import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core'
import { useForm } from '@mantine/form'
import { notifications } from '@mantine/notifications'
import { useEffect, useRef, useState } from 'react'
import { useNavigate } from 'react-router'
import type { StaffProduct } from '../../../../../contracts/staff-products'
import { BusyButton } from '../../../../components/BusyButton'
import { AlertIcon } from '../../../../components/icons/Icons'
import { useTranslation } from '../../../../i18n/use-translation'
import { isApiError } from '../../../../lib/api-error'
import { describeError } from '../../../../lib/error-message'
import { useLocalePath, useSession } from '../../../../lib/session-context'
import { useUnsavedChangesWarning } from '../../../../lib/use-unsaved-changes'
import { editorPath } from '../ProductParts'
import { useCreateProduct, useUpdateProduct } from '../staff-products-api'
import { BasicsSection } from './BasicsSection'
import { DescriptionSection } from './DescriptionSection'
import { PricesSection } from './PricesSection'
import { ProductImagesSlot } from './ProductImagesSlot'
import {
  buildProduct,
  contractProblems,
  createBody,
  type FieldProblem,
  formPathOf,
  type ProductFormValues,
  patchBody,
  valuesOf,
} from './product-form'
import { StockSection } from './StockSection'
import { UnitsSection } from './UnitsSection'
import { VariantsSection } from './VariantsSection'

export { ProductImagesSlot }

const E = 'staffProducts.editor'

/**
 * One product's editor, in sections: a new product (`product` null) is created with POST and then
 * opened at its own address; a stored one sends only the fields changed. What the contract or the
 * server refuses is said under its field (the form keeps what was typed), anything else above the
 * save button. Enter in a field does not save the whole product (Ctrl+Enter does).
 */
export function ProductEditor({
  product,
  start,
  canWrite,
}: {
  product: StaffProduct | null
  start: ProductFormValues
  canWrite: boolean
}) {
  const { t } = useTranslation()
  const { locale } = useSession()
  const navigate = useNavigate()
  const localePath = useLocalePath()
  const create = useCreateProduct()
  const update = useUpdateProduct(product?.id ?? 0)
  const form = useForm<ProductFormValues>({ initialValues: start })
  const [general, setGeneral] = useState<string[]>([])
  // The rich-text editor keeps its own text: undoing the changes draws it anew from the form.
  const [drawn, setDrawn] = useState(0)
  // Each refusal asks for the keyboard's focus on its first field, once the messages are drawn;
  // centred, so neither the site's header nor the save bar covers it.
  const [errorsShown, setErrorsShown] = useState(0)
  useEffect(() => {
    if (errorsShown === 0) return
    const field = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')
    field?.scrollIntoView({ block: 'center' })
    field?.focus({ preventScroll: true })
  }, [errorsShown])
  const formRef = useRef<HTMLFormElement>(null)
  const readOnly = !canWrite
  const dirty = form.isDirty()
  const saving = create.isPending || update.isPending
  const failure = create.error ?? update.error
  useUnsavedChangesWarning(dirty && canWrite)

  const problemText = (problem: FieldProblem) => t(`${E}.errors.${problem}`)

  /** Field messages (API field names) under their fields; those the form has no field for, listed. */
  const showFieldMessages = (fields: Record<string, string>, sentStock: string[]) => {
    const errors: Record<string, string> = {}
    const rest: string[] = []
    for (const [field, message] of Object.entries(fields)) {
      const path = formPathOf(field, sentStock, form.getValues().stock)
      if (path) errors[path] ??= message
      else rest.push(field === '_' ? message : `${field}: ${message}`)
    }
    form.setErrors(errors)
    setGeneral(rest)
    setErrorsShown((n) => n + 1)
  }

  const save = () => {
    if (saving || readOnly) return
    form.clearErrors()
    setGeneral([])
    create.reset()
    update.reset()
    const values = form.getValues()
    const built = buildProduct(values, locale)
    if (Object.keys(built.problems).length > 0) {
      form.setErrors(
        Object.fromEntries(Object.entries(built.problems).map(([path, p]) => [path, problemText(p)])),
      )
      setErrorsShown((n) => n + 1)
      return
    }
    if (product === null) {
      const body = createBody(built.product)
      const sentStock = body.stock?.map((s) => s.warehouseCode) ?? []
      const problems = contractProblems(body, true)
      if (Object.keys(problems).length > 0) {
        showFieldMessages(
          Object.fromEntries(Object.entries(problems).map(([f, p]) => [f, problemText(p)])),
          sentStock,
        )
        return
      }
      create.mutate(body, {
        onSuccess: (created) => {
          notifications.show({ color: 'green', message: t(`${E}.saved`) })
          form.resetDirty()
          navigate(localePath(editorPath(created.id)), { replace: true })
        },
        onError: (error) => {
          if (isApiError(error) && error.fields) showFieldMessages(error.fields, sentStock)
        },
      })
      return
    }
    const before = buildProduct(form.getInitialValues(), locale).product
    const patch = patchBody(before, built.product)
    const sentStock = patch.stock?.map((s) => s.warehouseCode) ?? []
    if (Object.keys(patch).length === 0) {
      notifications.show({ color: 'blue', message: t(`${E}.nothingChanged`) })
      return
    }
    const problems = contractProblems(patch, false)
    if (Object.keys(problems).length > 0) {
      showFieldMessages(
        Object.fromEntries(Object.entries(problems).map(([f, p]) => [f, problemText(p)])),
        sentStock,
      )
      return
    }
    update.mutate(patch, {
      onSuccess: (stored) => {
        // The form starts again from the product as stored, so nothing reads as changed.
        const next = valuesOf(stored, locale)
        form.setInitialValues(next)
        form.setValues(next)
        notifications.show({ color: 'green', message: t(`${E}.saved`) })
      },
      onError: (error) => {
        if (isApiError(error) && error.fields) showFieldMessages(error.fields, sentStock)
      },
    })
  }

  const sections = { form, readOnly }
  return (
    <form
      ref={formRef}
      noValidate
      aria-label={t(`${E}.formLabel`)}
      onSubmit={(event) => {
        event.preventDefault()
        save()
      }}
      onKeyDown={(event) => {
        if (event.key !== 'Enter') return
        const target = event.target as HTMLElement
        if (event.ctrlKey || event.metaKey) {
          event.preventDefault()
          save()
        } else if (target.tagName === 'INPUT') {
          // A long form is not saved by an Enter meant for one field (a tag, a list choice).
          event.preventDefault()
        }
      }}
      data-testid="product-editor"
    >
      <Stack gap="md">
        <BasicsSection {...sections} />
        <ProductImagesSlot productId={product?.id ?? null} readOnly={readOnly} />
        <PricesSection {...sections} />
        <UnitsSection {...sections} />
        <VariantsSection {...sections} variants={product?.variants ?? null} />
        <DescriptionSection key={drawn} {...sections} />
        <StockSection {...sections} />
        {canWrite && (
          <Paper
            withBorder
            p="sm"
            pos="sticky"
            bottom={0}
            style={{ zIndex: 2 }}
            shadow="sm"
            data-testid="product-save-bar"
          >
            <Stack gap="xs">
              {failure && !(isApiError(failure) && failure.handled) && (
                <Alert color="red" variant="light" icon={<AlertIcon />} role="alert" p="xs">
                  <Text size="sm">{describeError(failure, t)}</Text>
                  {general.map((line) => (
                    <Text size="sm" key={line}>
                      {line}
                    </Text>
                  ))}
                </Alert>
              )}
              {!failure && general.length > 0 && (
                <Alert color="red" variant="light" icon={<AlertIcon />} role="alert" p="xs">
                  {general.map((line) => (
                    <Text size="sm" key={line}>
                      {line}
                    </Text>
                  ))}
                </Alert>
              )}
              <Group gap="sm" wrap="wrap">
                <BusyButton
                  type="submit"
                  busy={saving}
                  aria-keyshortcuts="Control+Enter"
                  data-testid="product-save"
                >
                  {product === null ? t(`${E}.create`) : t(`${E}.save`)}
                </BusyButton>
                {dirty && product !== null && (
                  <Button
                    variant="subtle"
                    onClick={() => {
                      form.reset()
                      setGeneral([])
                      setDrawn((n) => n + 1)
                    }}
                    data-testid="product-undo"
                  >
                    {t(`${E}.undo`)}
                  </Button>
                )}
                {dirty && (
                  <Text size="sm" c="orange.9" role="status">
                    {t(`${E}.unsaved`)}
                  </Text>
                )}
              </Group>
            </Stack>
          </Paper>
        )}
      </Stack>
    </form>
  )
}

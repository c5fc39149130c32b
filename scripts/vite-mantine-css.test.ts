import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { mantineImports, mantinePackageSheets, readMantine } from './vite-mantine-css.ts'

const { folderOf, sheetsOf } = readMantine(path.resolve('node_modules/@mantine/core'))
const sheetsFor = (name: string) => sheetsOf.get(folderOf.get(name) ?? '') ?? []

describe('the Mantine stylesheets of a component', () => {
  it('include the shared building blocks under utils/ (a radio label beside its circle)', () => {
    for (const name of ['Radio', 'Checkbox', 'Switch']) expect(sheetsFor(name)).toContain('InlineInput')
  })

  it('include the sheets of sub-folders and of the components it is built on, in Mantine order', () => {
    const radio = sheetsFor('Radio')
    expect(radio).toEqual(expect.arrayContaining(['Radio', 'RadioCard', 'RadioIndicator']))
    const select = sheetsFor('Select')
    expect(select).toEqual(expect.arrayContaining(['Input', 'Combobox', 'Popover']))
    expect(select.indexOf('Input')).toBeLessThan(select.indexOf('Combobox'))
  })

  it('maps hooks to the folder of their component', () => {
    expect(folderOf.get('useCombobox')).toBe('components/Combobox')
    expect(sheetsFor('Button')).not.toContain('InlineInput')
  })
})

describe('mantineImports', () => {
  it('lists value imports and skips type-only ones', () => {
    const code = `import { Button, type MantineTheme, Radio as R } from '@mantine/core'\nimport type { BoxProps } from '@mantine/core'`
    expect(mantineImports(code)).toEqual(['Button', 'Radio'])
  })

  it("reads a minified package's imports (the data table's build)", () => {
    const code = `import{Box as Wl,Table as Bl}from"@mantine/core";import{Center as Ma}from"@mantine/core";`
    expect(mantineImports(code)).toEqual(['Box', 'Table', 'Center'])
  })
})

describe('mantinePackageSheets', () => {
  it("gives a module importing the carousel the carousel's stylesheet", () => {
    const code = `import { useState } from 'react'\nimport { Carousel } from '@mantine/carousel'\n`
    expect(mantinePackageSheets(code)).toEqual(['@mantine/carousel/styles.layer.css'])
  })

  it("gives a module importing the data table the data table's stylesheet", () => {
    const code = `import { DataTable } from 'mantine-datatable'
`
    expect(mantinePackageSheets(code)).toEqual(['mantine-datatable/styles.layer.css'])
  })

  it('gives nothing for a type-only import or a module that does not import the carousel', () => {
    const typeOnly = `import { useState } from 'react'\nimport type { CarouselProps } from '@mantine/carousel'\n`
    expect(mantinePackageSheets(typeOnly)).toEqual([])
    expect(mantinePackageSheets(`import { Button } from '@mantine/core'`)).toEqual([])
  })
})

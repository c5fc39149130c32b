import { expect, type Page } from '@playwright/test'

export const DEALER = { email: 'bayi@toptan.test', password: 'Bayi1234!', name: 'Ahmet Yılmaz' }
export const ADMIN = { email: 'yonetici@toptan.test', password: 'Yonetici1234!' }

/** Logs in through the real login page, as a person would, and waits for the home page. */
export async function logIn(
  page: Page,
  account: { email: string; password: string },
  path = '/account/login',
) {
  await page.goto(path)
  await page.getByLabel(/E-posta|E-mail/).fill(account.email)
  await page.getByLabel(/^(Şifre|Password)/).fill(account.password)
  await page.keyboard.press('Enter')
  await page.waitForURL((url) => !url.pathname.endsWith('/account/login'))
  await expect(page.getByRole('heading', { name: /Hoş geldiniz, |Welcome, / })).toBeVisible()
}

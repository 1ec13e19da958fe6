import { describe, expect, it } from 'vitest'
import { page } from 'vitest/browser'
import type { ApiEndpoint } from '@/data/endpoints'
import { renderWithProviders } from '@tests/helpers/render'
import { AuthCell, DataFlagCells } from './endpoint-parts'

const endpoint = (change: Partial<ApiEndpoint>): ApiEndpoint => ({
  id: change.path ?? '/x',
  method: 'GET',
  path: '/x',
  auth: 'None',
  pii: false,
  pci: false,
  phi: false,
  description: '',
  ...change,
})

const endpoints = [
  endpoint({ path: '/optional', auth: 'None', authDeclared: 'optional', pii: true }),
  endpoint({ path: '/undeclared', auth: 'None', authDeclared: 'undeclared', pci: true }),
  endpoint({ path: '/either', auth: 'JWT', authDeclared: 'declared', authSchemes: ['JWT', 'API Key'], phi: true }),
  endpoint({ path: '/one', auth: 'JWT', authDeclared: 'declared', authSchemes: ['JWT'] }),
]

describe('an endpoint’s auth and sensitive-data cells', () => {
  it('says when auth is optional, not declared or one of several schemes, and Yes in bold for each flag set', async () => {
    await renderWithProviders(
      <table>
        <tbody>
          {endpoints.map((each) => (
            <tr key={each.path} aria-label={each.path}>
              <td>
                <AuthCell endpoint={each} />
              </td>
              <DataFlagCells endpoint={each} />
            </tr>
          ))}
        </tbody>
      </table>,
    )
    const cells = (path: string) => page.getByRole('row', { name: path }).getByRole('cell')
    await expect.element(cells('/optional').nth(0)).toHaveTextContent('Noneoptional')
    await expect.element(cells('/undeclared').nth(0)).toHaveTextContent('Nonenot declared')
    await expect.element(cells('/either').nth(0)).toHaveTextContent('JWTJWT or API Key')
    await expect.element(cells('/one').nth(0)).toHaveTextContent(/^JWT$/)
    expect(
      cells('/optional')
        .elements()
        .map((cell) => cell.textContent),
    ).toEqual(['Noneoptional', 'Yes', 'No', 'No'])
    expect(
      cells('/either')
        .elements()
        .map((cell) => cell.textContent),
    ).toEqual(['JWTJWT or API Key', 'No', 'No', 'Yes'])
    const weight = (path: string, at: number) => getComputedStyle(cells(path).elements()[at]).fontWeight
    expect(weight('/undeclared', 2)).toBe('700')
    expect(weight('/undeclared', 1)).not.toBe('700')
  })
})

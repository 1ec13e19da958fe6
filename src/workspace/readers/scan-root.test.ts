import { describe, expect, it } from 'vitest'
import { relativeToScanRoot } from './scan-root'

describe('paths written on the scanning machine', () => {
  it('names one file by its name, wherever the checkout was', () => {
    const ci = relativeToScanRoot(['/home/runner/work/app/app/package-lock.json'])
    const laptop = relativeToScanRoot(['/Users/ada/code/app/package-lock.json'])
    expect(ci.get('/home/runner/work/app/app/package-lock.json')).toBe('package-lock.json')
    expect(laptop.get('/Users/ada/code/app/package-lock.json')).toBe('package-lock.json')
  })

  it('keeps the folders below the one that several files share, Windows paths included', () => {
    const paths = relativeToScanRoot(['C:\\src\\app\\web\\package-lock.json', 'C:\\src\\app\\api\\go.sum'])
    expect([...paths.values()]).toEqual(['web/package-lock.json', 'api/go.sum'])
    const nested = relativeToScanRoot(['/ci/app/go.sum', '/ci/app/tools/go.sum'])
    expect([...nested.values()]).toEqual(['go.sum', 'tools/go.sum'])
  })

  it('reads paths from the folder named as the repository when every path has one, whichever lockfiles had findings', () => {
    const one = relativeToScanRoot(['/home/runner/work/app/app/web/package-lock.json'], 'app')
    const two = relativeToScanRoot(['/Users/ada/App/web/package-lock.json', '/Users/ada/App/api/go.sum'], 'app')
    expect(one.get('/home/runner/work/app/app/web/package-lock.json')).toBe('web/package-lock.json')
    expect([...two.values()]).toEqual(['web/package-lock.json', 'api/go.sum'])
    expect([...relativeToScanRoot(['/ci/build/web/package-lock.json'], 'app').values()]).toEqual(['package-lock.json'])
  })

  it('leaves relative paths, and a list mixing both, as written', () => {
    expect(relativeToScanRoot(['services/api/package-lock.json']).size).toBe(0)
    expect(relativeToScanRoot(['/ci/app/go.sum', 'go.sum']).size).toBe(0)
    expect(relativeToScanRoot([]).size).toBe(0)
  })
})

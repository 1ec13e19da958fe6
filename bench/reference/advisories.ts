import { loadGeneratedDataSource } from '../../src/data/data-source'
import { showAdvisories } from './advisory-rows'

/** The plain-DOM advisories of a generated organisation (`?n=` repositories). */
const size = Number(new URLSearchParams(location.search).get('n') ?? '5')
const source = await loadGeneratedDataSource(size)
showAdvisories(await source.vulnerabilityIndex(), source.repositories)

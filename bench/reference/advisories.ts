import { loadGeneratedOrganisation } from '../../src/data/organisation'
import { showAdvisories } from './advisory-rows'

/** The plain-DOM advisories of a generated organisation (`?n=` repositories). */
const size = Number(new URLSearchParams(location.search).get('n') ?? '5')
const organisation = await loadGeneratedOrganisation(size)
showAdvisories(await organisation.vulnerabilityIndex(), organisation.repositories)

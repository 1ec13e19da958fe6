/**
 * What makes an API endpoint handle personal (PII), payment-card (PCI) or health (PHI) data: a
 * table of rules, read by the endpoint classifier. Names are matched as whole words after
 * splitting on camelCase, snake_case and kebab-case, so `capacity` is never a `city`.
 */

import type { DataCategory } from '@/data/endpoints'

export type { DataCategory } from '@/data/endpoints'

export const dataCategories: DataCategory[] = ['pii', 'pci', 'phi']

export const categoryNames: Record<DataCategory, string> = {
  pii: 'PII',
  pci: 'PCI',
  phi: 'PHI',
}

/** What an object is about, from its own name and the names around it; some rules count only inside one. */
export type DataContext = 'person' | 'card' | 'health'

export interface ClassificationRule {
  /** What the rule finds, in a reason's words ("email address"). */
  label: string
  category: DataCategory
  /** One strong match flags an endpoint; weak ones need a second weak match in the same object. */
  strength: 'strong' | 'weak'
  /** Word sequences found anywhere in a property's name ("date of birth" in `patientDateOfBirth`). */
  names?: string[]
  /** Word sequences that must be the whole name (a bare `name`). */
  wholeNames?: string[]
  /** JSON Schema / OpenAPI `format` values. */
  formats?: string[]
  /** Example values that show the data. */
  values?: RegExp
  /** A further check of a matched example value. */
  valueCheck?: (value: string) => boolean
  /** Counts only inside an object of this context. */
  within?: DataContext
}

/** A card number example: 13 to 19 digits (spaces or dashes between groups) that pass the Luhn check. */
export function isLuhnValid(value: string): boolean {
  const digits = value.replace(/[ -]/g, '')
  if (!/^\d{13,19}$/.test(digits)) return false
  let sum = 0
  for (let index = 0; index < digits.length; index++) {
    let digit = digits.charCodeAt(digits.length - 1 - index) - 48
    if (index % 2 === 1) {
      digit *= 2
      if (digit > 9) digit -= 9
    }
    sum += digit
  }
  return sum % 10 === 0
}

export const classificationRules: ClassificationRule[] = [
  // Personal data
  {
    label: 'email address',
    category: 'pii',
    strength: 'strong',
    names: ['email', 'e mail', 'email address', 'mail address'],
    formats: ['email', 'idn-email'],
    values: /^[^\s@]+@[^\s@]+\.[a-z]{2,}$/i,
  },
  {
    label: 'phone number',
    category: 'pii',
    strength: 'strong',
    names: ['phone', 'telephone', 'mobile number', 'cell phone', 'msisdn', 'mobile phone', 'fax number'],
    formats: ['phone', 'tel'],
    values: /^\+[1-9]\d{7,14}$/,
  },
  {
    label: 'person name',
    category: 'pii',
    strength: 'strong',
    names: [
      'first name',
      'firstname',
      'last name',
      'lastname',
      'given name',
      'givenname',
      'family name',
      'familyname',
      'full name',
      'fullname',
      'middle name',
      'maiden name',
      'surname',
      'forename',
      'legal name',
    ],
  },
  { label: 'person name', category: 'pii', strength: 'strong', wholeNames: ['name', 'display name'], within: 'person' },
  { label: 'user name', category: 'pii', strength: 'weak', names: ['username', 'user name', 'login name'] },
  {
    label: 'government id',
    category: 'pii',
    strength: 'strong',
    names: [
      'ssn',
      'social security number',
      'social security',
      'national id',
      'national identity number',
      'national insurance number',
      'nino',
      'passport',
      'passport number',
      'tax id',
      'taxpayer id',
      'itin',
      'driver license',
      'drivers license',
      'driving licence',
      'driver licence',
      'id card number',
      'personal id number',
    ],
    values: /^\d{3}-\d{2}-\d{4}$/,
  },
  {
    label: 'date of birth',
    category: 'pii',
    strength: 'strong',
    names: ['date of birth', 'dob', 'birth date', 'birthdate', 'birthday', 'birth day'],
  },
  {
    label: 'postal address',
    category: 'pii',
    strength: 'weak',
    names: [
      'address',
      'street',
      'street address',
      'address line',
      'address line1',
      'address line2',
      'postal code',
      'postcode',
      'zip',
      'zip code',
      'zipcode',
      'city',
      'house number',
    ],
  },
  { label: 'home address', category: 'pii', strength: 'strong', names: ['home address', 'mailing address'] },
  {
    label: 'IP address',
    category: 'pii',
    strength: 'strong',
    names: ['ip address', 'ipaddress', 'client ip', 'remote addr', 'remote ip'],
  },
  { label: 'IP address', category: 'pii', strength: 'weak', names: ['ip', 'ipv4', 'ipv6'], formats: ['ipv4', 'ipv6'] },
  {
    label: 'location',
    category: 'pii',
    strength: 'weak',
    names: ['latitude', 'longitude', 'geolocation', 'geo location'],
  },
  { label: 'gender', category: 'pii', strength: 'weak', names: ['gender', 'sex'], within: 'person' },

  // Payment-card data
  {
    label: 'card number',
    category: 'pci',
    strength: 'strong',
    names: [
      'card number',
      'cardnumber',
      'credit card',
      'creditcard',
      'debit card',
      'pan',
      'primary account number',
      'cc number',
      'card no',
      'card num',
    ],
    values: /^\d[\d -]{11,21}\d$/,
    valueCheck: isLuhnValid,
  },
  { label: 'card number', category: 'pci', strength: 'strong', wholeNames: ['number'], within: 'card' },
  {
    label: 'card security code',
    category: 'pci',
    strength: 'strong',
    names: ['cvv', 'cvv2', 'cvc', 'cvc2', 'card verification', 'card verification code', 'card security code'],
  },
  { label: 'card security code', category: 'pci', strength: 'strong', names: ['security code'], within: 'card' },
  {
    label: 'card expiry',
    category: 'pci',
    strength: 'weak',
    names: ['exp month', 'exp year', 'expiry month', 'expiry year', 'expiration month', 'expiration year'],
  },
  { label: 'card expiry', category: 'pci', strength: 'strong', names: ['card expiry', 'card expiration'] },
  {
    label: 'card expiry',
    category: 'pci',
    strength: 'weak',
    names: ['expiry', 'expiration', 'expiry date', 'expiration date', 'expires'],
    within: 'card',
  },
  {
    label: 'card holder',
    category: 'pci',
    strength: 'strong',
    names: ['cardholder', 'card holder', 'cardholder name', 'card holder name', 'name on card'],
  },
  { label: 'card holder', category: 'pci', strength: 'weak', names: ['holder name'], within: 'card' },
  { label: 'card holder', category: 'pci', strength: 'weak', wholeNames: ['name'], within: 'card' },
  {
    label: 'card holder',
    category: 'pii',
    strength: 'strong',
    names: ['cardholder', 'card holder', 'name on card'],
  },
  { label: 'card holder', category: 'pii', strength: 'strong', wholeNames: ['name', 'holder name'], within: 'card' },
  {
    label: 'card track data',
    category: 'pci',
    strength: 'strong',
    names: ['track data', 'track1', 'track2', 'magstripe'],
  },

  // Health data
  {
    label: 'diagnosis',
    category: 'phi',
    strength: 'strong',
    names: ['diagnosis', 'diagnoses', 'icd10', 'icd 10', 'icd code', 'icd10 code', 'diagnosis code'],
  },
  {
    label: 'ICD-10 code',
    category: 'phi',
    strength: 'weak',
    values: /^[A-TV-Z]\d[0-9AB](\.[0-9A-TV-Z]{1,4})?$/,
    within: 'health',
  },
  {
    label: 'medication',
    category: 'phi',
    strength: 'strong',
    names: ['medication', 'medications', 'prescription', 'prescriptions', 'dosage', 'drug name', 'rx number'],
  },
  {
    label: 'allergy',
    category: 'phi',
    strength: 'strong',
    names: ['allergy', 'allergies', 'allergen', 'allergy intolerance'],
  },
  {
    label: 'immunisation',
    category: 'phi',
    strength: 'strong',
    names: ['immunization', 'immunizations', 'immunisation', 'immunisations', 'vaccine', 'vaccination', 'vaccinations'],
  },
  {
    label: 'lab result',
    category: 'phi',
    strength: 'strong',
    names: [
      'lab result',
      'lab results',
      'lab test',
      'test result',
      'blood type',
      'blood pressure',
      'glucose',
      'cholesterol',
    ],
  },
  {
    label: 'medical record number',
    category: 'phi',
    strength: 'strong',
    names: ['mrn', 'medical record number', 'medical record', 'health record', 'patient id', 'chart number'],
  },
  {
    label: 'insurer member id',
    category: 'phi',
    strength: 'strong',
    names: [
      'insurance member id',
      'insurer member id',
      'health plan id',
      'health plan number',
      'insurance policy number',
    ],
  },
  {
    label: 'insurer member id',
    category: 'phi',
    strength: 'weak',
    names: ['member id', 'policy number', 'insurer'],
    within: 'health',
  },
  {
    label: 'clinical data',
    category: 'phi',
    strength: 'weak',
    names: ['symptom', 'symptoms', 'treatment', 'procedure', 'condition', 'encounter', 'clinical notes', 'vital signs'],
    within: 'health',
  },
]

/**
 * Words in a schema, property, path or tag name that say what an object is about. A bare
 * `name` is a person's only inside a person or card object.
 */
export const contextWords: Record<DataContext, string[]> = {
  person: [
    'user',
    'users',
    'person',
    'people',
    'customer',
    'customers',
    'patient',
    'patients',
    'member',
    'members',
    'employee',
    'employees',
    'staff',
    'contact',
    'contacts',
    'owner',
    'holder',
    'cardholder',
    'profile',
    'applicant',
    'student',
    'guest',
    'recipient',
    'sender',
    'payer',
    'beneficiary',
    'passenger',
    'traveler',
    'traveller',
    'subscriber',
    'buyer',
    'seller',
    'author',
    'practitioner',
    'physician',
    'doctor',
    'nurse',
    'account',
    'accounts',
    'signup',
    'registration',
  ],
  card: ['card', 'cards', 'creditcard', 'debitcard', 'paymentcard', 'cardholder', 'payment', 'payments', 'pan'],
  health: [
    'patient',
    'patients',
    'health',
    'healthcare',
    'medical',
    'clinical',
    'fhir',
    'ehr',
    'emr',
    'diagnosis',
    'prescription',
    'prescriptions',
    'lab',
    'labs',
    'encounter',
    'encounters',
    'observation',
    'observations',
    'immunization',
    'immunizations',
    'medication',
    'medications',
  ],
}

/** FHIR resources that hold health data: a schema of this name is PHI by itself. */
export const fhirResources = [
  'Patient',
  'Observation',
  'Condition',
  'MedicationRequest',
  'MedicationStatement',
  'MedicationAdministration',
  'Medication',
  'AllergyIntolerance',
  'Immunization',
  'DiagnosticReport',
  'Encounter',
  'FamilyMemberHistory',
  'ClinicalImpression',
]

/** FHIR resources whose names other domains use too (an insurance claim, a stored procedure): PHI only in health data. */
export const fhirResourcesInHealthContext = [
  'Claim',
  'Coverage',
  'ExplanationOfBenefit',
  'Procedure',
  'Specimen',
  'CarePlan',
]

/** Words after which a name is about the data, not the data itself (`emailVerified`, `phoneType`). */
export const metaWords = [
  'verified',
  'enabled',
  'count',
  'type',
  'format',
  'status',
  'required',
  'visible',
  'allowed',
  'length',
  'template',
  'opt',
  'optin',
  'consent',
]

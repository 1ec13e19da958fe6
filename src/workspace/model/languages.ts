/** A repository's languages from the files its findings point at and the package ecosystems seen. */

const byExtension = new Map(
  Object.entries({
    ts: 'TypeScript',
    tsx: 'TypeScript',
    mts: 'TypeScript',
    cts: 'TypeScript',
    js: 'JavaScript',
    jsx: 'JavaScript',
    mjs: 'JavaScript',
    cjs: 'JavaScript',
    py: 'Python',
    java: 'Java',
    kt: 'Kotlin',
    kts: 'Kotlin',
    go: 'Go',
    rb: 'Ruby',
    php: 'PHP',
    cs: 'C#',
    rs: 'Rust',
    swift: 'Swift',
    scala: 'Scala',
    c: 'C',
    h: 'C',
    cpp: 'C++',
    cc: 'C++',
    hpp: 'C++',
    css: 'CSS',
    scss: 'SCSS',
    html: 'HTML',
    vue: 'Vue',
    sql: 'SQL',
    sh: 'Shell',
    tf: 'HCL',
    hcl: 'HCL',
    dart: 'Dart',
    ex: 'Elixir',
    exs: 'Elixir',
  }),
)

const byFileName = new Map(
  Object.entries({
    dockerfile: 'Dockerfile',
    'package.json': 'JavaScript',
    'package-lock.json': 'JavaScript',
    'yarn.lock': 'JavaScript',
    'pnpm-lock.yaml': 'JavaScript',
    'requirements.txt': 'Python',
    'poetry.lock': 'Python',
    pipfile: 'Python',
    'pipfile.lock': 'Python',
    'go.mod': 'Go',
    'go.sum': 'Go',
    'pom.xml': 'Java',
    'build.gradle': 'Java',
    'build.gradle.kts': 'Kotlin',
    'gemfile.lock': 'Ruby',
    'composer.lock': 'PHP',
    'cargo.lock': 'Rust',
    'packages.lock.json': 'C#',
  }),
)

const byEcosystem = new Map(
  Object.entries({
    npm: 'JavaScript',
    node: 'JavaScript',
    'node-pkg': 'JavaScript',
    yarn: 'JavaScript',
    pnpm: 'JavaScript',
    pypi: 'Python',
    pip: 'Python',
    poetry: 'Python',
    'python-pkg': 'Python',
    go: 'Go',
    gomod: 'Go',
    'go-module': 'Go',
    gobinary: 'Go',
    maven: 'Java',
    jar: 'Java',
    'java-archive': 'Java',
    gradle: 'Java',
    rubygems: 'Ruby',
    gem: 'Ruby',
    bundler: 'Ruby',
    packagist: 'PHP',
    composer: 'PHP',
    nuget: 'C#',
    dotnet: 'C#',
    'crates.io': 'Rust',
    cargo: 'Rust',
    'rust-crate': 'Rust',
    pub: 'Dart',
    hex: 'Elixir',
    swifturl: 'Swift',
    cocoapods: 'Swift',
  }),
)

function languageOfFile(path: string): string | undefined {
  const name = path.slice(Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1).toLowerCase()
  const named = byFileName.get(name)
  if (named) return named
  if (name.startsWith('dockerfile')) return 'Dockerfile'
  const dot = name.lastIndexOf('.')
  return dot >= 0 ? byExtension.get(name.slice(dot + 1)) : undefined
}

/** Languages, most files first, keeping the ones known before; ties in the order first seen. */
export function languagesOf(files: string[], ecosystems: string[], known: string[] = []): string[] {
  const counts = new Map<string, number>()
  const add = (language: string | undefined, weight = 1) => {
    if (language) counts.set(language, (counts.get(language) ?? 0) + weight)
  }
  for (const language of known) add(language, 0.5)
  for (const file of files) add(languageOfFile(file))
  for (const ecosystem of ecosystems) add(byEcosystem.get(ecosystem.toLowerCase()))
  return [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([language]) => language)
}

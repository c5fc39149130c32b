// The functions of `semver` (a devDependency without bundled types) that scripts/ uses.
declare module 'semver' {
  type SemVer = { version: string }
  const semver: {
    minVersion(range: string): SemVer | null
    satisfies(version: string, range: string): boolean
    subset(sub: string, dom: string): boolean
  }
  export default semver
}

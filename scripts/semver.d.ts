// The two functions of `semver` (a devDependency without bundled types) that scripts/ uses.
declare module 'semver' {
  type SemVer = { version: string }
  const semver: {
    minVersion(range: string): SemVer | null
    satisfies(version: string, range: string): boolean
  }
  export default semver
}

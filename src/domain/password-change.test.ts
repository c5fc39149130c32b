import { describe, expect, it } from 'vitest'
import { passwordChangeProblem, passwordLength } from './password-change'

describe('passwordChangeProblem (spec/2 §5)', () => {
  it.each([
    ['', '', 'empty'],
    ['', 'Gizli123', 'empty'],
    ['12345', '12345', 'length'],
    ['123456', '123456', null],
    ['a'.repeat(30), 'a'.repeat(30), null],
    ['a'.repeat(31), 'a'.repeat(31), 'length'],
    // The length comes before the verification, as the spec lists them.
    ['abc', '', 'length'],
    ['Gizli123', '', 'verifyMissing'],
    ['Gizli123', 'Gizli124', 'mismatch'],
    ['Gizli123', 'gizli123', 'mismatch'],
    // Spaces are part of a password: never trimmed, so a trailing one differs.
    ['Gizli123', 'Gizli123 ', 'mismatch'],
    ['      ', '      ', null],
    // Turkish letters count once each; a decomposed "ş" (s + U+0327) equals the composed one.
    ['şğüöçı', 'şğüöçı', null],
    ['şifre1', 's\u0327ifre1', null],
  ])('%j / %j → %s', (password, verify, problem) => {
    expect(passwordChangeProblem(password, verify)).toBe(problem)
  })
})

describe('passwordLength', () => {
  it.each([
    ['', 0],
    ['abcdef', 6],
    ['ŞşİıĞğ', 6],
    ['s\u0327', 1],
    ['🔑🔑🔑🔑🔑🔑', 6],
  ])('%j has %i characters', (password, length) => {
    expect(passwordLength(password)).toBe(length)
  })
})

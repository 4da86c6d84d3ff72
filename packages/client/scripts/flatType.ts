/**
 * Prints a type as plain TypeScript with every named type spelled out:
 * object types by their properties and index signatures, unions,
 * intersections, arrays, tuples and primitives. What the snap's method
 * structs describe is only made of these; anything else (a function, a
 * class instance, a recursive type) is refused rather than printed by name.
 */
import * as ts from 'typescript';

/* eslint-disable no-bitwise */
const PRIMITIVE =
  ts.TypeFlags.String |
  ts.TypeFlags.Number |
  ts.TypeFlags.BigInt |
  ts.TypeFlags.Boolean |
  ts.TypeFlags.Null |
  ts.TypeFlags.Undefined |
  ts.TypeFlags.Unknown |
  ts.TypeFlags.Any |
  ts.TypeFlags.Never |
  ts.TypeFlags.Void |
  ts.TypeFlags.StringLiteral |
  ts.TypeFlags.NumberLiteral |
  ts.TypeFlags.BigIntLiteral |
  ts.TypeFlags.BooleanLiteral;
/* eslint-enable no-bitwise */

/**
 * A printed member of a union, intersection or array, parenthesized when
 * it is itself a union or intersection.
 *
 * @param text - The printed member.
 * @param type - Its type.
 * @returns The text, safe to combine.
 */
function grouped(text: string, type: ts.Type): string {
  return type.isUnion() || type.isIntersection() ? `(${text})` : text;
}

/**
 * Prints a type with nothing left to a name.
 *
 * @param type - The type.
 * @param checker - The type checker.
 * @param path - The object types being printed (to refuse recursion), and
 * where the type sits, for errors.
 * @param path.objects - The object types enclosing this one.
 * @param path.at - Where the type sits, e.g. `SnapApi.snapnet_foo.params`.
 * @returns Its text.
 */
export function flatType(
  type: ts.Type,
  checker: ts.TypeChecker,
  path: { objects: ts.Type[]; at: string },
): string {
  const print = (inner: ts.Type, at: string): string =>
    flatType(inner, checker, { objects: path.objects, at });
  // eslint-disable-next-line no-bitwise
  if (type.flags & PRIMITIVE) {
    return checker.typeToString(type);
  }
  if (type.isUnion()) {
    return type.types
      .map((member) => grouped(print(member, path.at), member))
      .join(' | ');
  }
  if (type.isIntersection()) {
    return type.types
      .map((member) => grouped(print(member, path.at), member))
      .join(' & ');
  }
  if (checker.isArrayType(type)) {
    const [element] = checker.getTypeArguments(type as ts.TypeReference);
    if (!element) {
      throw new Error(`${path.at}: an array without an element type`);
    }
    return `${grouped(print(element, `${path.at}[]`), element)}[]`;
  }
  if (checker.isTupleType(type)) {
    const elements = checker.getTypeArguments(type as ts.TypeReference);
    return `[${elements.map((element, index) => print(element, `${path.at}[${index}]`)).join(', ')}]`;
  }
  // eslint-disable-next-line no-bitwise
  if (type.flags & ts.TypeFlags.Object) {
    return flatObject(type, checker, path);
  }
  throw new Error(
    `${path.at}: cannot spell out ${checker.typeToString(type)} for the client's declarations`,
  );
}

/**
 * Prints an object type by its properties and index signatures.
 *
 * @param type - The object type.
 * @param checker - The type checker.
 * @param path - As for `flatType`.
 * @param path.objects - The object types enclosing this one.
 * @param path.at - Where the type sits.
 * @returns Its text.
 */
function flatObject(
  type: ts.Type,
  checker: ts.TypeChecker,
  path: { objects: ts.Type[]; at: string },
): string {
  if (path.objects.includes(type)) {
    throw new Error(`${path.at}: a recursive type cannot be spelled out`);
  }
  if (
    type.getCallSignatures().length > 0 ||
    type.getConstructSignatures().length > 0
  ) {
    throw new Error(
      `${path.at}: ${checker.typeToString(type)} is callable, not data`,
    );
  }
  const objects = [...path.objects, type];
  const members = checker.getPropertiesOfType(type).map((property) => {
    // eslint-disable-next-line no-bitwise
    const optional = property.flags & ts.SymbolFlags.Optional ? '?' : '';
    const at = `${path.at}.${property.name}`;
    const text = flatType(checker.getTypeOfSymbol(property), checker, {
      objects,
      at,
    });
    return `${JSON.stringify(property.name)}${optional}: ${text};`;
  });
  const indexes = checker.getIndexInfosOfType(type).map((info) => {
    const key = flatType(info.keyType, checker, { objects, at: path.at });
    const value = flatType(info.type, checker, {
      objects,
      at: `${path.at}[${key}]`,
    });
    return `[key: ${key}]: ${value};`;
  });
  return `{ ${[...members, ...indexes].join(' ')} }`;
}

import { describe, expect, it } from 'vitest';
import esp from '../../../../packages/protocol/src/errors/messages/esp.ts';
import texts from './locales/esp.json';

type Tree = { [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [[`${prefix}${key}`, value]] : leaves(value, `${prefix}${key}.`),
  );
}

/**
 * "Usted" forms of the verbs and possessives the app uses: the Spanish texts address the user
 * as "tú" throughout (as apps usually do), in the app and in the server's error messages.
 */
const USTED =
  /\b(usted(es)?|introduzca|inténtelo|intente|vuelva|inicie|compruebe|compruébelo|elija|seleccione|contacte|póngase|revise|espere|pulse|toque|guarde|guárdelo|cópielo|elimine|cree|use|utilice|deje|limite|ejecute|configure|establezca|puede usted|su (saldo|cuenta|contraseña|secreto|dispositivo|servidor|prueba|hoja)|le dice)\b/i;

describe('Spanish register', () => {
  it('the app texts say "tú", never "usted"', () => {
    const formal = leaves(texts as Tree).filter(([, text]) => USTED.test(text));
    expect(formal).toEqual([]);
  });

  it('the error messages say "tú", never "usted"', () => {
    const formal = Object.entries(esp as Record<string, string>).filter(([, text]) =>
      USTED.test(text),
    );
    expect(formal).toEqual([]);
  });
});

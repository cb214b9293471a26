// Makes vectors.jsonl beside it: {text, base64, uri} per line, the outputs of
// lz-string 1.5.0 (npm) compressToBase64 and compressToEncodedURIComponent.
// Run from a folder where `npm install lz-string@1.5.0` was done:
//   node gen_vectors.js > vectors.jsonl
const L = require("lz-string");
let x = 12345;
const rnd = () => { x = (x * 1103515245 + 12345) % 2147483648; return x; };
let long = "";
for (let i = 0; i < 20000; i++) {
  const r = rnd() % 100;
  long += r < 70 ? "abcdefghij klmnop{}\":,0123456789"[r % 33]
        : r < 95 ? String.fromCharCode(0x3b1 + r % 20) : String.fromCodePoint(0x1F600 + r % 5);
}
const v = ["", "a", "Hello, world", "aaaaaaaaaaaaaaaaaaaa", "abababababababab", "ÿ€π𝄞 ok",
           "{\"size\":4,\"grid\":[[{},{}]]}", "TOBEORNOTTOBEORTOBEORNOT#", long];
for (const s of v)
  console.log(JSON.stringify({text: s, base64: L.compressToBase64(s), uri: L.compressToEncodedURIComponent(s)}));

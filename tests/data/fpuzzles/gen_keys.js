// Makes keys.txt beside it (node gen_keys.js > keys.txt, lz-string 1.5.0 installed
// with npm as for ../lzstring/gen_vectors.js): f-puzzles strings (lz-string 1.5.0
// compressToBase64 of the JSON beside each) for the keys the corpus lacks and
// for refusals. Lines: name TAB string TAB json. The refuse_rule line was added
// with rg_lzstring_compress, which test_lzstring holds to lz-string 1.5.0's
// output: this script writes the same line.
const L = require("lz-string");
const grid = (n, f) => Array.from({length: n}, (_, r) => Array.from({length: n}, (_, c) => f ? f(r, c) : ({})));
const cases = {
  littlekiller: {size: 9, grid: grid(9), littlekillersum: [{cell: "R0C1", cells: ["R1C2","R2C3","R3C4","R4C5","R5C6","R6C7","R7C8","R8C9"], direction: "DR", value: "40"}, {cell: "R10C10", cells: [], direction: "UL", value: ""}]},
  clone: {size: 9, grid: grid(9), clone: [{cells: ["R1C1","R1C2"], cloneCells: ["R9C8","R9C9"]}]},
  nonconsecutive: {size: 9, grid: grid(9), nonconsecutive: true},
  nonconsecutive_dots: {size: 9, grid: grid(9), nonconsecutive: true, difference: [{cells: ["R1C1","R1C2"]}], negative: ["ratio", "xv"]},
  unusual_dots: {size: 9, grid: grid(9), difference: [{cells: ["R1C1","R1C2"], value: "3"}], ratio: [{cells: ["R2C1","R2C2"]}]},
  zipper: {size: 9, grid: grid(9), zipperline: [{lines: [["R1C1","R1C2","R1C3"]]}], doublearrow: [{lines: [["R2C1","R2C2","R2C3","R2C4"]]}, {lines: [["R3C1","R3C2"]]}]},
  nabner: {size: 9, grid: grid(9), nabner: [{lines: [["R1C1","R2C2","R3C3"]]}]},
  link_meta: {size: 4, title: "Tiny π", author: "rulegrid tests", ruleset: "Normal sudoku rules.", grid: grid(4, (r, c) => r == 0 && c == 0 ? {value: 1, given: true} : {}), solution: [1,2,3,4,3,4,1,2,2,1,4,3,4,3,2,1]},
  negative_values: {size: 9, grid: grid(9), nonconsecutive: true, negative: ["difference"], difference: [{cells: ["R1C1","R1C2"], value: "3"}, {cells: ["R2C1","R2C2"]}, {cells: ["R3C1","R3C2"], value: "3"}]},
  negative_ratios: {size: 9, grid: grid(9), negative: ["ratio"], ratio: [{cells: ["R1C1","R1C2"], value: "3"}]},
  refuse_negative: {size: 9, grid: grid(9), negative: ["difference"], difference: [{cells: ["R1C1","R1C2"], value: "3"}], ratio: [{cells: ["R2C1","R2C2"]}]},
  refuse_key: {size: 9, grid: grid(9), chess: true},
  marks: {size: 9, grid: grid(9, (r, c) => r > 0 ? {} : {givenPencilMarks: [[1, 2, 3], [3, 5, 7], [4, 5, 6, 7, 8, 9], [2, 4, 6, 8], [1, 2, 3, 4, 5, 6, 7, 8, 9], [6], null, [], [1, 3, 5, 7, 9]][c]})},
  jumps: {size: 9, grid: grid(9), thermometer: [{lines: [["R1C1","R1C3","R3C3"]]}], palindrome: [{lines: [["R5C1","R5C2","R5C3","R7C7"]]}], whispers: [{lines: [["R9C1","R9C3"]], value: "4"}]},
  refuse_marks: {size: 9, grid: grid(9, (r, c) => r == 0 && c == 0 ? {givenPencilMarks: [1, 2, 4]} : {})},
  refuse_jump: {size: 9, grid: grid(9), renban: [{lines: [["R1C1","R1C3"]]}]},
  refuse_disjoint_jigsaw: {size: 4, grid: grid(4, (r, c) => ({region: r})), disjointgroups: true},
  refuse_rule: {size: 9, grid: grid(9), difference: [{cells: ["R1C1","R1C2"]}, {cells: ["R5C3","R5C3"]}]},
};
for (const [name, obj] of Object.entries(cases)) {
  const json = JSON.stringify(obj);
  console.log(name + "\t" + L.compressToBase64(json) + "\t" + json);
}

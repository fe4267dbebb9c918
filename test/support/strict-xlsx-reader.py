"""Reads xlsx files as a strict reader does, and says what it finds wrong with each.

For every path given: openpyxl must load the workbook (it refuses a numeric cell it cannot parse,
such as <v>Infinity</v>), no loaded cell may be a non-finite float, and no worksheet's XML may hold
a value spelled as infinity or not-a-number. Prints one JSON list: {file, sheets, problems}.
"""
import json
import math
import re
import sys
import zipfile

import openpyxl

NON_FINITE_VALUE = re.compile(rb'<v>\s*([-+]?(?:inf(?:inity)?|nan))\s*</v>', re.IGNORECASE)

report = []
for path in sys.argv[1:]:
    problems = []
    sheets = []
    try:
        workbook = openpyxl.load_workbook(path)
        for sheet in workbook.worksheets:
            sheets.append(sheet.title)
            for row in sheet.iter_rows():
                for cell in row:
                    if isinstance(cell.value, float) and not math.isfinite(cell.value):
                        problems.append(f'{sheet.title}!{cell.coordinate} = {cell.value}')
    except Exception as error:  # the reader's refusal is the finding
        problems.append(f'openpyxl refused the file: {type(error).__name__}: {error}')
    with zipfile.ZipFile(path) as archive:
        for name in archive.namelist():
            if name.startswith('xl/worksheets/') and name.endswith('.xml'):
                for match in NON_FINITE_VALUE.finditer(archive.read(name)):
                    problems.append(f'{name} holds <v>{match.group(1).decode()}</v>')
    report.append({'file': path, 'sheets': sheets, 'problems': problems})
print(json.dumps(report))

Empty edges (gridkit tests)
#d
0:  white
1:* black
: rows
2
1 2
3
1

: columns
3
1 2
2
1



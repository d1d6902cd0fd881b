Heart (gridkit tests)
#d
0:  white
1:* black
: rows
1 1
5
5
3
1
: columns
2
4
4
4
2

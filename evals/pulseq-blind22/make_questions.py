# blind22: writes questions.jsonl and runs all mechanical checks. blind21's make_questions.py with this set's questions and
# these changes, marked 'blind22': paths /tmp/blind22_*, seed 221 for the kind-of-sequence walk, this set's draws in the
# order asserts, and this set's spec pages and key phrases. Everything else (regexes, field checks, the package- and
# class-folder-scoped api check, caller checks incl. blind17's string-aware MATLAB comment cut, the page checks in both
# PDF copies) is blind21's (i.e. blind17's), unchanged. Reads /tmp/blind22_all.txt and /tmp/blind22_callers.json (written
# by the listing command in README.md / draw_example_funcs.py). Needs pdftotext/pdfinfo (poppler-utils) for the page
# checks. Run from anywhere (paths are absolute).
import json, os, re, sys, subprocess, random
from collections import Counter
D='/work/shared/data'
OUT=os.path.join(os.path.dirname(os.path.abspath(__file__)),'questions.jsonl')
M='pulseq/matlab/demoSeq/'; P='pypulseq/examples/scripts/'
A='pulseq/matlab/+mr/'; PA='pypulseq/src/pypulseq/'
SPEC=['pulseq/doc/specification.pdf','pulseq-website/specification.pdf']
callers=json.load(open('/tmp/blind22_callers.json'))
Q=[]
def ex(q,rel,cls,style,fn=None,lang=None):
    Q.append(dict(_cls=cls,_style=style,_fn=fn,_lang=lang,query=q,expected_source='examples',relevant=rel,answerable=True,kind='example',check='code'))
def fx(q,fn,lang,style):
    rel=callers[f'{lang} {fn}']
    ex(q,rel,lang,style,fn,lang)
# --- 10 named-function example requests, draw order (6 MATLAB, then 4 Python)
fx('which demos make the scan wait for a cardiac or other physiological trigger built with mr.makeTrigger before the acquisition continues?','mr.makeTrigger','matlab','b')
fx("I have RF samples of my own, such as a spiral two-dimensional excitation or a pulse designed on another vendor's raster, and want to turn them into an RF event; show me the demos that call mr.makeArbitraryRf",'mr.makeArbitraryRf','matlab','c')
fx('MATLAB seq.sound demos: the live-demo gradient echo built up step by step that ends by playing its gradient waveforms through the loudspeakers','seq.sound','matlab','a')
fx('which demos leave the reconstruction labels to seq.autoLabel, for example with the mirrorFourier option, instead of setting every counter by hand?','seq.autoLabel','matlab','b')
fx('I need the numeric segment IDs that GE scanners expect to be assigned automatically for an inversion, a fat-suppression and a readout segment; where is seq.addTRID used?','seq.addTRID','matlab','c')
fx('mr.makeRfShim demo: two transmit channels whose relative phase is stepped from one repetition of a gradient echo to the next','mr.makeRfShim','matlab','a')
fx('which pypulseq example scripts build piecewise-linear gradients from explicit time points and amplitudes with pp.make_extended_trapezoid?','pp.make_extended_trapezoid','python','b')
fx("In pypulseq I want to overwrite one block of a sequence I read from disk, replacing its RF pulse by a windowed version with a different flip angle; point me to the example that calls seq.set_block",'seq.set_block','python','c')
fx('pp.make_adiabatic_pulse in the pypulseq examples: the script that plays an adiabatic inversion at the start of every outer-loop pass, followed by an inversion delay with a spoiler, before the inner phase-encoding loop','pp.make_adiabatic_pulse','python','a')
fx('is there a pypulseq example that turns the prephaser, readout and spoiler of each radial spoke about the z axis with pp.rotate?','pp.rotate','python','b')
# --- 10 kind-of-sequence example requests, walk order; none names a language, a file or an identifier
ex('is there a teaching-grade multi-slice gradient-echo EPI without ramp sampling that writes its own reconstruction labels: every repetition starts with a 2 ms physiological trigger block that also sets the slice counter to zero, each excitation is followed by three navigator echoes on the centre line with empty blocks of blip length between them so that the readout timing and eddy currents stay identical, the last navigator flagged for averaging, the phase prephaser block resetting the line, navigator and averaging labels, reversal and segment flags set from the readout polarity before every line and the line counter incremented together with each blip, a 100 ms pause with a slice spoiler that advances the slice counter, seven 3 mm slices, four repetitions, a 3 ms sinc over 220 mm and a 4 us dwell?',
   [M+'writeEpi_label.m',P+'write_epi_label.py'],'none','b')
ex('3D MPRAGE meant to run both as a Pulseq file and on a GE scanner through TOPPE, whose excitation is not a library pulse but a waveform assembled from two hard halves on the 4 us GE raster (switchable to a one-one binomial water excitation), converted from gauss to hertz, interpolated onto the RF raster and passed in as an arbitrary pulse; readout along z as the fastest axis and the inner phase-encoding loop along x, the readout gradient cut at the end of its flat top and finished by a spoiler reaching three further k-max excursions, prewinder, readout, spoiler and both phase encodings merged into one block with the phase encodings rewound during the spoiler, and a crusher module whose slew rate is lowered to reduce nerve stimulation',
   [M+'writeMPRAGE_4ge.m'],'none','a')
ex("I'm after a Cartesian multi-shot turbo spin echo in which every shot samples the same unrotated grid and fills its own share of the phase-encoding lines: the excitation sinc is shifted in phase by a quarter cycle against the refocusing sincs (both with apodisation of one half and time-bandwidth product 4), the refocusing pulses use the same slice-gradient amplitude as the excitation, spoilers on the slice axis flank every refocusing pulse and the readout spoilers each carry the full area of the readout gradient, the readout prephaser sits between the excitation and the first refocusing pulse, the phase-encoding order is shifted by half the number of shots when the echo count is even, each slice gets a frequency offset with the phase corrected at the pulse centre, and if the requested TR cannot hold all slices a warning is printed and a 1 ms fill is used instead. Which example is that?",
   [P+'write_tse.py',M+'writeTSE.m'],'none','c')
ex('do you have the bare-bones multi-slice gradient-echo EPI with no ramp sampling, no navigators, no labels, no fat suppression and no trigger: a 90 degree 3 ms sinc on three 3 mm slices, 64 by 64 over 220 mm, a 4 us dwell with the flat top rounded up to the gradient raster, 800 us prephasers on all three axes played together in one block, the phase blips as the shortest possible triangles in blocks of their own between the readouts, and the readout polarity flipped after every line?',
   [P+'write_epi.py',M+'writeEpi.m'],'none','b')
ex('ramp-sampled gradient-echo EPI with half-blips merged across neighbouring readouts and reconstruction labels for the scanner (navigators, reversal and segment flags, line and slice counters), in which only the first slice is built block by block and all other slices are generated by copying those blocks through a field-of-view translation along the slice axis: 48 slices of 3 mm with 1500 um gaps, a 96 matrix over 220 mm read with twofold oversampling in 580 us per echo, full Fourier, three navigators, a 2 ms sinc excitation, a 110 degree 8 ms Gaussian fat saturation given as an absolute frequency offset, an output trigger with the excitation, and the readout bandwidth and echo spacing printed',
   [M+'writeEpiRS_label_trans.m'],'none','a')
ex('I need a basic ultrashort-echo-time 2D radial sequence without ramp sampling and without playing the RF on the gradient ramp, reaching an echo time of a few hundred microseconds: a 1 ms sinc half pulse with its centre at the very end (time-bandwidth product 2), each spoke acquired twice with the slice-select gradient and its rephaser inverted for the second acquisition, a half-echo readout starting at the k-space centre lasting 2560 us with twofold oversampling, spokes spread over the full circle, the prephaser, readout and spoiler split between x and y by cosine and sine, RF spoiling, 10 degrees on a 3 mm slice, 250 mm, TR 10 ms, 28 mT/m and 100 T/m/s. Which example is that?',
   [M+'writeUTE.m',P+'write_ute.py'],'none','c')
ex('is there a 2D radial gradient echo that does not rotate the gradient objects themselves but attaches a rotation event to every block of a spoke, with 256 spokes spread over half a circle after a run of dummy spokes without acquisition, a 10 degree 4 ms sinc on a 3 mm slice, 320 samples across 260 mm in a 1280 us readout, 2 ms prephasers, TE 8 ms, TR 20 ms, a slice-axis spoiler of four cycles across the slice and 84 degree RF spoiling?',
   [M+'writeRadialGradientEcho_rotExt.m'],'none','b')
ex("I'd like a multi-slice spin-echo EPI without any diffusion gradients that samples on the ramps, where the ADC dwell follows from the Nyquist limit at the readout amplitude rounded down to 100 ns, the sample count is a multiple of four and the ADC delay is rounded to 1 us so that the samples sit centred on the trapezoid; the readout trapezoid keeps half a blip of dead time at each end with its amplitude rescaled so that the area between blips equals the k-space width, the blips are negative to save one line on the way to the centre, a flag can switch all phase encoding off for delay calibration, the phase prephaser is stretched to reduce nerve stimulation, the refocusing pulse is phase-shifted by 90 degrees, and a fat saturation tuned for 2890 mT with a spoiler resolving down to 100 um precedes each slice. Which example is that?",
   [P+'write_epi_se_rs.py',M+'writeEpiSpinEchoRS.m'],'none','c')
ex('plain 3D spoiled gradient echo with a non-selective 8 degree 200 us hard pulse, 64 by 64 by 64 over 200 by 200 by 160 mm, TE 10 ms, TR 40 ms, a 3200 us readout, 3 ms prephasers, rewinders and readout spoiler, a 400 us rise time at 20 mT/m, 50 dummy repetitions without acquisition before the encoding loops, quadratic RF spoiling with an 84 degree increment, the constant gradients and the RF shapes registered ahead of the loops to speed up creation, and the reconstruction labels generated automatically at the end with mirrored Fourier ordering',
   [M+'writeGradientEcho3D.m'],'none','a')
ex('do you have a crude balanced SSFP (true FISP) with the fastest possible timing, where you do not set TR or TE but only the 2560 us ADC duration and the RF (40 degrees, a 600 us sinc with time-bandwidth product one and a half and apodisation one half, 4 mm slice), the slice and readout gradients are split and merged with the rephasers of the neighbouring TRs, a half-angle preparation pulse half a TR before the first full one is marked to play only in the first repetition, a closing block is marked to play only in the last, RF and receiver phase alternate by 180 degrees, TE is half of TR, and 256 by 256 over 220 mm?',
   [M+'writeTrufi.m'],'none','b')
# --- 8 spec questions (6 MATLAB-named, 2 Python-named)
def sp(q,pages,cls,style):
    Q.append(dict(_cls=cls,_style=style,query=q,expected_source='docs',relevant=SPEC,answerable=True,kind='spec',check='text',pages=pages))
sp("I set the gradient, RF and ADC raster times and the block-duration raster through mr.opts. Which definitions does the specification reserve from revision 1.4.0 on, which of them are required and which optional, what does each raster definition mean, and how must ADC dwell times and block durations relate to their rasters?",[9],'matlab','c')
sp('where exactly in time do the samples of a gradient made with mr.makeArbitraryGrad sit according to the specification: are blocks and events aligned to the edges or the centres of the raster, where are default gradient, RF and ADC sampling points placed, what formula gives the time of the n-th sample, and what restriction applies to trapezoid ramp and plateau times?',[10],'matlab','b')
sp('a fat-saturation pulse like the ones mr.makeGaussPulse produces, in the specification\'s [RF] example: the second line\'s peak amplitude, delay and magnitude and phase shape IDs, its frequency offset in ppm, what its ppm-based phase value compensates and the resulting phase at the pulse centre, and its use letter',[12,13],'matlab','a')
sp("I export plain trapezoids made with mr.makeTrapezoid. How does the specification store them: in which section and with which six numbers per line, in which units are the amplitude and the rise, flat-top, fall and delay times given, may a trapezoid share its ID with an arbitrary gradient, and what duration and delay do the two trapezoids of the example have?",[13,14,15],'matlab','c')
sp('soft delays created with mr.makeSoftDelay in the file format: the revision that introduced the extension, what it lets an exported file change at run time, which kind of block it can act on, and the typical uses the specification lists',[19],'matlab','a')
sp('why does the specification compress shapes the way mr.compressShape does, and how: how many samples would its 4 ms block pulse plus 100 ms gradient example need without compression, what quantity is actually run-length encoded, and what kind of shape does its first worked example encode?',[22],'matlab','b')
sp('pypulseq seq.set_definition for my own metadata: what the specification says the definitions section may be used for beyond the reserved keys, whether optional definitions change the basic execution, what gives the precise timing instead, and whether interpreters may still act on optional definitions',[9,10],'python','a')
sp("I'm adding soft delays with pypulseq pp.make_soft_delay and want to understand the specification's DELAYS example: what the columns are, how lines 1 and 2 turn TE into block durations, what line 3 achieves and why negative delays bound the TE, what line 4 reveals about the number of slices, and how line 5 is interpreted",[19],'python','c')
# --- 12 api questions (9 params: 6 MATLAB, 3 Python; 3 returns: 2 MATLAB, 1 Python), draw order of draw_api.py
def api(q,lang,entry,check,rel,style):
    Q.append(dict(_cls=lang,_style=style,query=q,expected_source='api_reference',relevant=rel,answerable=True,kind='api',lang=lang,entry=entry,check=check))
SQ=A+'@Sequence/Sequence.m'
api("I want the k-space trajectory of only part of my sequence and to compensate a small delay between ADC and gradients; which name/value options does seq.calculateKspacePP accept?",'matlab','calculateKspacePP','params',[SQ],'c')
api('mr.makeExtendedTrapezoid arguments','matlab','makeExtendedTrapezoid','params',[A+'makeExtendedTrapezoid.m'],'a')
api('what inputs does seq.setExtensionStringAndID take, and in which order?','matlab','setExtensionStringAndID','params',[SQ],'b')
api("I'd like the b-tensor and the gradient moments of my diffusion sequence while skipping the dummy scans; which optional inputs does seq.calcMomentsBtensor accept?",'matlab','calcMomentsBtensor','params',[A+'@Sequence/calcMomentsBtensor.m'],'c')
api('in the MATLAB toolbox, what are the two optional arguments of seq.install and how are they interpreted?','matlab','install','params',[SQ],'b')
api('which arguments does mr.calcAdcSeg take, and which values may its last one have?','matlab','calcAdcSeg','params',[A+'calcAdcSeg.m'],'b')
api('pypulseq seq.install() parameters','python','install','params',[PA+'Sequence/sequence.py',PA+'Sequence/install.py'],'a')
api("I'm splitting a long ADC into segments in pypulseq; what parameters does pp.calc_adc_segments take, and what is the default mode?",'python','calc_adc_segments','params',[PA+'make_adc.py'],'c')
api("which arguments does pypulseq's print_error_report() in check_timing.py accept?",'python','print_error_report','params',[PA+'check_timing.py'],'b')
api('mr.aux.quat.fromRotMat output','matlab','fromRotMat','returns',[A+'+aux/+quat/fromRotMat.m'],'a')
api("I need only the event IDs of one block without building the event objects; what does seq.getRawBlockContentIDs return?",'matlab','getRawBlockContentIDs','returns',[SQ],'c')
api('pypulseq: what does the module-level register_label_event() in Sequence/block.py return?','python','register_label_event','returns',[PA+'Sequence/block.py',PA+'Sequence/sequence.py'],'b')

# ---------------- checks
assert len(Q)==40
MAT=re.compile(r'\b(mr(\.\w+)+|seq\.[a-z]+[A-Z]\w*)')
PY=re.compile(r'\b(pp\.\w+|seq\.[a-z]+_\w+|[a-z]+_[a-z_]+|\w+\(\))')
cnt={'matlab':0,'python':0,'none':0}
for q in Q:
    t=q['query']; c=q['_cls']; cnt[c]+=1
    m=bool(MAT.search(t)) or bool(re.search(r'\bseq\.\w+',t) and 'matlab' in t.lower()); p=bool(PY.search(t))
    if c=='matlab': assert m,t
    elif c=='python': assert p and not m,t
    else: assert not m and not p and not re.search(r'\w\.\w',t),t
print('named counts',cnt); assert cnt=={'matlab':20,'python':10,'none':10}
grp=Counter((q['kind'],q['check'],q['_cls']) for q in Q); print(sorted(grp.items()))
assert grp[('api','params','matlab')]==6 and grp[('api','params','python')]==3
assert grp[('api','returns','matlab')]==2 and grp[('api','returns','python')]==1
assert sum(v for (k,c,_),v in grp.items() if k=='api' and c=='params')==9
assert sum(v for (k,c,_),v in grp.items() if k=='api' and c=='returns')==3
assert grp[('example','code','matlab')]==6 and grp[('example','code','python')]==4 and grp[('example','code','none')]==10
assert sum(1 for q in Q if q['kind']=='example')==20
assert sum(1 for q in Q if q['kind']=='example' and q.get('_fn'))==10
assert sum(1 for q in Q if q['kind']=='example' and not q.get('_fn'))==10
assert all(q.get('_fn') for q in Q if q['kind']=='example' and q['_cls']!='none')
assert not any(q.get('_fn') for q in Q if q['kind']=='example' and q['_cls']=='none')
assert grp[('spec','text','matlab')]==6 and grp[('spec','text','python')]==2 and grp[('spec','text','none')]==0
assert sum(1 for q in Q if q['kind']=='spec')==8
# every question: the fields of its kind (as blind10/blind12)
for q in Q:
    assert q['answerable'] is True
    assert q['expected_source']=={'example':'examples','api':'api_reference','spec':'docs'}[q['kind']]
    assert q['check']=={'example':'code','spec':'text'}.get(q['kind'],q['check']) and q['check'] in ('code','text','params','returns')
    assert ('pages' in q)==(q['kind']=='spec') and (('entry' in q)==('lang' in q)==(q['kind']=='api'))
    if q['kind']=='spec': assert q['relevant']==SPEC
# Python-named queries say pypulseq; no-identifier queries name no language; MATLAB-named queries carry their prefix
for q in Q:
    if q['_cls']=='python': assert 'pypulseq' in q['query'],q['query']
    if q['_cls']=='none': assert not re.search(r'matlab|python|pypulseq',q['query'],re.I),q['query']
    if q['_cls']=='matlab': assert re.search(r'\b(mr|seq)\.',q['query']),q['query']
# paths exist
for q in Q:
    for r in q['relevant']: assert os.path.exists(os.path.join(D,r)),r
# names and stems of all 59 example scripts: no query contains one
allf=[l.strip() for l in open('/tmp/blind22_all.txt') if l.strip()]
assert len(allf)==59
stems=[os.path.splitext(os.path.basename(l))[0] for l in allf]
for q in Q:
    for s in stems: assert s.lower() not in q['query'].lower(),(s,q['query'])
# api: entry defined in the first relevant file, and relevant = every file of its language's API tree defining it
for q in Q:
    if q['kind']!='api': continue
    src=open(os.path.join(D,q['relevant'][0]),encoding='utf-8',errors='replace').read()
    rx=(r'^[ \t]*function\s+(?:(?:\[[^\]]*\]|\w+)\s*=\s*)?'+q['entry']+r'\s*\(') if q['lang']=='matlab' else (r'^[ \t]*def\s+'+q['entry']+r'\s*\(')
    assert re.search(rx,src,re.M),q['entry']
    tree=os.path.join(D,'pulseq/matlab/+mr' if q['lang']=='matlab' else 'pypulseq/src/pypulseq')
    defs=[]
    for dp,dn,fn in os.walk(tree):
        for f in fn:
            if f.endswith('.m' if q['lang']=='matlab' else '.py'):
                p=os.path.join(dp,f)
                if re.search(rx,open(p,encoding='utf-8',errors='replace').read(),re.M): defs.append(os.path.relpath(p,D))
    # blind15: only files in the package the query names (mr.aux.quat.<name> -> +mr/+aux/+quat/, mr.<name> -> +mr/,
    # seq.<name> -> +mr/@Sequence/); Python unchanged (every defining file)
    # blind16: a capitalised component is a class folder (mr.EventLibrary -> +mr/@EventLibrary/); if the query has no
    # '<qualifier>.<entry>' (the find_mat question says 'find_mat function in the mr.EventLibrary class folder'), the
    # qualifier is the query's first mr./seq. token
    if q['lang']=='matlab':
        mq=re.search(r'\b((?:mr|seq)(?:\.\w+)*)\.'+q['entry']+r'\b',q['query']) or re.search(r'\b((?:mr|seq)(?:\.\w+)+)',q['query'])
        pref=mq.group(1)
        pdir='pulseq/matlab/+mr/@Sequence' if pref=='seq' else 'pulseq/matlab/'+'/'.join(('@'+x if x[0].isupper() else '+'+x) for x in pref.split('.'))
        other=[d for d in defs if os.path.dirname(d)!=pdir]
        if other: print('  api',pref+'.'+q['entry'],'also defined (other package, not labelled):',other)
        defs=[d for d in defs if os.path.dirname(d)==pdir]
    assert sorted(defs)==sorted(q['relevant']),(q['entry'],defs)
    assert q['entry'] in q['query']
# api entries are draw_api.py's picks, in draw order
# blind22: this set's draw
assert [q['entry'] for q in Q if q['kind']=='api']==['calculateKspacePP','makeExtendedTrapezoid','setExtensionStringAndID',
  'calcMomentsBtensor','install','calcAdcSeg','install','calc_adc_segments','print_error_report','fromRotMat',
  'getRawBlockContentIDs','register_label_event']
# blind17: the MATLAB comment cut of the raw-text caller check skips '%' inside string literals (writeSpiral.m calls
# mr.convert inside fprintf('... %g ...', mr.convert(...)), which a plain split at the first '%' would cut off); a quote
# after a letter, digit, ')', ']', '}', '.' or another quote is a transpose, not a string start
def mcode_part(line):
    instr=None
    for i,ch in enumerate(line):
        if instr:
            if ch==instr: instr=None
            continue
        if ch=='%': return line[:i]
        if ch=='"': instr='"'
        elif ch=="'" and not (i>0 and (line[i-1].isalnum() or line[i-1] in "_)]}.'")): instr="'"
    return line
# labelled example scripts really call the named function: raw text, a non-comment line with the (qualified) name
# followed by "(" or end of word (not a longer name, not an assignment), in addition to the draw's parser
for q in Q:
    if q.get('_fn'):
        fn=q['_fn']; pat=(r'\bseq\w*\.'+re.escape(fn[4:]) if fn.startswith('seq.') else r'\b'+re.escape(fn))+r'\b(?!\s*=[^=])'
        for r in q['relevant']:
            src=open(os.path.join(D,r),encoding='utf-8',errors='replace').read()
            lines=[l for l in src.split('\n') if re.search(pat,mcode_part(l) if r.endswith('.m') else l.split('#')[0])]
            assert lines,(fn,r)
            assert r.endswith('.m')==(q['_lang']=='matlab')
        # and every script of that language that calls it is labelled (callers list = relevant)
        assert q['relevant']==callers[f"{q['_lang']} {fn}"] and q['relevant']
        assert fn in q['query']
        print(f"  {fn}: {len(q['relevant'])} scripts OK")
# the drawn functions are those printed by draw_example_funcs.py (in draw order), none of them an api entry of this set
exfns=[q['_fn'] for q in Q if q.get('_fn')]
# blind22: this set's draw
assert exfns==['mr.makeTrigger','mr.makeArbitraryRf','seq.sound','seq.autoLabel','seq.addTRID','mr.makeRfShim',
  'pp.make_extended_trapezoid','seq.set_block','pp.make_adiabatic_pulse','pp.rotate']
assert not {f.split('.')[-1] for f in exfns}&{q['entry'] for q in Q if q['kind']=='api'}
# example relevants only under example dirs
for q in Q:
    if q['kind']=='example':
        for r in q['relevant']: assert r.startswith((M,P)) and r in allf,r
# kind-of-sequence walk re-run: shuffle with seed 221 (blind22); skip scripts that are not a sequence and scripts already
# labelled under a kind kept earlier; the first 10 kept are the drawn files, each the first entry of its label list
ks=[q for q in Q if q['kind']=='example' and not q.get('_fn')]
NOT_SEQ={P+'demo_read.py',P+'pns_test.py',P+'soft_delay_simple_example.py'}
f=list(allf); random.seed(221); random.shuffle(f)
kept=[]; labelled=set(); skipped=[]
for x in f:
    if len(kept)==10: break
    if x in NOT_SEQ: skipped.append((x,'not a sequence')); continue
    if x in labelled: skipped.append((x,'already labelled')); continue
    i=len(kept); kept.append(x); labelled|=set(ks[i]['relevant'])
print('walk kept',len(kept),'skipped',skipped)
assert [q['relevant'][0] for q in ks]==kept
# no script labelled for two kinds (the kinds are distinct)
lab=[r for q in ks for r in q['relevant']]; assert len(lab)==len(set(lab))
# functions named by the spec questions are not among the drawn example functions nor this set's api entries
specfns=[fn for q in Q if q['kind']=='spec' for fn in re.findall(r'\b(?:mr|pp|seq)(?:\.\w+)+',q['query'])]
print('spec functions',specfns)
assert len(specfns)==8 and not set(specfns)&set(exfns)
assert not {f.split('.')[-1] for f in specfns}&{q['entry'] for q in Q if q['kind']=='api'}
# spec pages exist in both PDF copies and every key phrase of the answer is on the labelled pages of BOTH copies
def npages(f): return int(re.search(r'^Pages:\s+(\d+)',subprocess.run(['pdfinfo',os.path.join(D,f)],capture_output=True,text=True).stdout,re.M).group(1))
def ptext(f,p): return subprocess.run(['pdftotext','-layout','-f',str(p),'-l',str(p),os.path.join(D,f),'-'],capture_output=True,text=True).stdout
def norm(t): return re.sub(r'\s+',' ',t).replace('[ ','[').replace(' ]',']')
n1,n2=npages(SPEC[0]),npages(SPEC[1]); print('pdf pages',n1,n2)
same=[p for p in range(1,min(n1,n2)+1) if ptext(SPEC[0],p)==ptext(SPEC[1],p)]
print('identical pages',same)
# blind22: this set's pages and key phrases
KEY={9:['Starting from the Pulseq format revision 1.4.0, the following definitions are re- served, some of which are optional, whereas the definitions labeled as required are compulsory',
        'GradientRasterTime Default raster time (dwell time) of required the shaped gradient events, speci- fied in seconds',
        'RadiofrequencyRasterTime Default raster time (dwell time) of required the radio-frequency pulse shapes, specified in seconds',
        'ADC dwell time must be integer mul- tiple of the specified AdcRaster- Time',
        'the physical block duration must be integer multi- ple of the specified BlockDura- tionRaster',
        'Block duration in the [BLOCKS] section are specified in the units of BlockDurationRaster',
        'Name Human-readable name of the se- optional quence',
        'FOV Field of view specified in meters optional in x, y and z directions given as a space-separated list of numbers',
        'TotalDuration Total duration of the sequence is optional seconds',
        'It is important to note that all definitions that are not required are optional and do not affect the basic sequence execution',
        'Precise timing is given by the low-'],
     10:['level specification of events',
         'The definitions section may be used for arbitrary user-specific purposes, including attaching metadata or hardware-dependent pa- rameters',
         'Some Pulseq file interpreters use optional Definitons to make decisions about the sequence execution or aid user parameter choises on the scanner',
         'All blocks and events are aligned to the corresponding edges of the time raster',
         'Block duration is required to be multiple of BlockDurationRaster, therefore each block can only start and end at the edges of the block duration raster',
         'Gradient events may only start and end at time points which are multiple of GradientRasterTime',
         'for trapezoid events, ramp times and plateau du- ration may also only be equal to multiples of GradientRasterTime',
         'any default sampling points (e.g. sampling points of arbitrary-shape gradients) are aligned to the centers of the corresponding raster steps',
         'The same convention applies to the default RF shape sampling and ADC sampling points',
         'tn = tstart + ∆t(0.5 + n)'],
     12:['initial of one of: excitation, refocus- ing, inversion, saturation, preparation, other or undefined',
         '2 130 3 4 0 4000 100 -3 .350 0 .0841 0 .000 0 .000 s'],
     13:['The RF pulse with ID of 2 is a saturation pulse with the peak amplitude of 130Hz and also a delay of 100 µs, that uses shape IDs 3 and 4 for the magnitude and phase, respec- tively',
         'It is a fat saturation pulse as can be seenfrom the <freq_ppm> of -3.35 ppm',
         'The corresponding <phase_ppm> value of 0.0841 rad/MHz is introduced to compensate for the phase due to the frequency offset, leading to the phase at the RF pulse center of 0',
         'Trapezoidal gradients are in a section declared with the [TRAP] keyword',
         'Each line in the section is a trapezoidal gradients specified by six numbers',
         '<id > < amp > < rise > < flat > < fall > < delay >'],
     14:['<amp> float Peak amplitude Hz/m','<rise> integer Rise time of the trapezoid µs',
         '<flat> integer Flat-top time of the trapezoid µs','<fall> integer Fall time of the trapezoid µs',
         '<delay> integer Delay before starting the gradient event µs',
         'The gradient ID must be unique across both arbitrary and trapezoid gradients',
         'a trapezoid gradient cannot have the same ID as an arbitrary gradient',
         '[TRAP] 5 25000 30 940 30 100 6 20066 .89 10 980 10 100'],
     15:['The example als defines two trapezoid gradients (IDs 5 and 6) with duration 1ms specified by amplitude, rise time, flat-top time and fall time',
         'Both trapeyoid gradients have a delay of 100µs'],
     19:['The soft delay extension has been introduced in revision 1.5.0',
         'It provides a posibility for an exported Pulseq file to redefine some aspects of the sequence tming at the run time',
         'pure delay blocks (blocks of non-zero duration containing no RF, gradient or ADC events)',
         'For such blocks Soft Delay extension is able to rewrite the duration of the block at run time based on the rule provided by the user',
         'Typical use cases include adjusting the cardiac delay based on the current subject pulse rate, adjusting delays in composite pulses for MR spectroscopy or setting TE and TR for readily exported sequences',
         '# id num offset factor hint',
         'extension DELAYS 2 1 0 -7840 2 TE 2 0 -9320 2 TE 3 0 120000 -1 TE 4 1 -126760 11 TR 5 2 0 1 TD',
         'line 1 defines a Soft Delay with numeric ID 0 and text ID ’TE’, with the actual block durarion calculated as D1 = T E/2 − 7840µs',
         'these two delays facilitate the TE setting in a spin-echo sequence',
         'makes the execution time of the inner sequence loop independent of TE by introducing a delay with a duration D3 = 120000µs − T E',
         'leading to negative delays are not allowed, leading to the automatic definition of the minimal and maximum allowable TE values',
         'D4 = T R/11−126760µs, from which it is easy to conclude, that it was a sequence with 11 slices',
         'the value entered in the scanner’s UI for the parameter marked TD is simply interpreted as the new block duration'],
     22:['Storing every sample of the shape would lead to very large sequence descriptions',
         'Suppose a sequence contains a block RF pulse for 4ms and a sinusoidally-ramped constant gradient for 100ms',
         'Assuming sampling times of 1µs and 10µs for the RF and gradients, respectively, 14000 samples would be required',
         'the shapes are compressed by encoding the derivative in a run-length compressed format',
         'Example 1: A shape consisting of a ramp-up, constant and ramp-down is encoded as follows']}
for q in Q:
    if q['kind']=='spec':
        assert q['pages'] and all(1<=p<=min(n1,n2) and p in KEY for p in q['pages']),q['pages']
for p,ks_ in KEY.items():
    for f_ in SPEC:
        t=norm(ptext(f_,p))
        for k in ks_: assert k in t,(f_,p,k)
assert {p for q in Q if q['kind']=='spec' for p in q['pages']}==set(KEY)
print('spec pages',sorted(p for q in Q if q['kind']=='spec' for p in q['pages']),
      '; not identical in the two copies (key phrases checked in both):',sorted({p for q in Q if q['kind']=='spec' for p in q['pages']}-set(same)))
with open(OUT,'w') as fo:
    for q in Q:
        fo.write(json.dumps({k:v for k,v in q.items() if not k.startswith('_')},ensure_ascii=False)+'\n')
print('styles',sorted(Counter((q['kind'],q['_style']) for q in Q).items()))
print('styles, example named / kind',sorted(Counter(q['_style'] for q in Q if q['kind']=='example' and q.get('_fn')).items()),
      sorted(Counter(q['_style'] for q in Q if q['kind']=='example' and not q.get('_fn')).items()))
for i,q in enumerate(Q,1): print(i,q['_cls'],q['_style'],'|',q['query'],'|',', '.join(q['relevant']),q.get('pages',''))
